// OhanaCSV: work in progress.
