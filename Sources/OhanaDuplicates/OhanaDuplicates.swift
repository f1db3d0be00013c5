// OhanaDuplicates: work in progress.
