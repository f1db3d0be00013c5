// OhanaServer: work in progress.
