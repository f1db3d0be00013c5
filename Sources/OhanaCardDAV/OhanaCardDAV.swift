// OhanaCardDAV: work in progress.
