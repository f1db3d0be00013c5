// The C++ headers of libphonenumber (phonenumbers/phonenumberutil.h) are included by the shim,
// not through this module; the module carries the library's link and search flags.
