// OhanaVCard: work in progress.
