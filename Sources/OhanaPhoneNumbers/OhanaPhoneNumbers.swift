// OhanaPhoneNumbers: work in progress.
