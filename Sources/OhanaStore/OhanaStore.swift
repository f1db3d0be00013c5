// OhanaStore: work in progress.
