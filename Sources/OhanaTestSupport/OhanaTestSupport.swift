// OhanaTestSupport: work in progress.
