// A small C interface over Google's libphonenumber (C++), for Swift.
//
// Every function is safe to call from many threads at once (PhoneNumberUtil is thread-safe and
// the shim keeps no state of its own). No C++ exception and no heap allocation crosses this
// boundary: results go into caller-owned structs and buffers.
#ifndef OHANA_PHONENUMBER_SHIM_H
#define OHANA_PHONENUMBER_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of parsing (libphonenumber's ErrorType, plus an internal failure).
typedef enum {
    OHPN_PARSE_OK = 0,
    OHPN_PARSE_INVALID_COUNTRY_CODE = 1,
    OHPN_PARSE_NOT_A_NUMBER = 2,
    OHPN_PARSE_TOO_SHORT_AFTER_IDD = 3,
    OHPN_PARSE_TOO_SHORT_NSN = 4,
    OHPN_PARSE_TOO_LONG = 5,
    OHPN_PARSE_INTERNAL_ERROR = 6
} ohpn_parse_status;

/// Output formats (libphonenumber's PhoneNumberFormat).
typedef enum {
    OHPN_FORMAT_E164 = 0,
    OHPN_FORMAT_INTERNATIONAL = 1,
    OHPN_FORMAT_NATIONAL = 2,
    OHPN_FORMAT_RFC3966 = 3
} ohpn_format_kind;

/// Match levels (libphonenumber's MatchType).
typedef enum {
    OHPN_MATCH_INVALID_NUMBER = 0,
    OHPN_MATCH_NONE = 1,
    OHPN_MATCH_SHORT_NSN = 2,
    OHPN_MATCH_NSN = 3,
    OHPN_MATCH_EXACT = 4
} ohpn_match_level;

/// Where the country code came from (libphonenumber's CountryCodeSource).
typedef enum {
    OHPN_SOURCE_UNSPECIFIED = 0,
    OHPN_SOURCE_PLUS_SIGN = 1,
    OHPN_SOURCE_IDD = 5,
    OHPN_SOURCE_WITHOUT_PLUS_SIGN = 10,
    OHPN_SOURCE_DEFAULT_COUNTRY = 20
} ohpn_country_code_source;

/// Whether a number's length is possible (libphonenumber's ValidationResult).
typedef enum {
    OHPN_POSSIBLE = 0,
    OHPN_POSSIBLE_LOCAL_ONLY = 1,
    OHPN_POSSIBLE_INVALID_COUNTRY_CODE = 2,
    OHPN_POSSIBLE_TOO_SHORT = 3,
    OHPN_POSSIBLE_INVALID_LENGTH = 4,
    OHPN_POSSIBLE_TOO_LONG = 5
} ohpn_possibility;

/// Capacity of `ohpn_number.extension`, including the terminating NUL.
#define OHPN_EXTENSION_CAPACITY 48

/// A parsed phone number.
typedef struct {
    /// Country calling code, such as 49.
    int32_t country_code;
    /// National significant number without leading zeros.
    uint64_t national_number;
    /// Whether the national number has leading zeros (Italian numbers and some others).
    bool italian_leading_zero;
    /// How many leading zeros, when `italian_leading_zero` is set.
    int32_t number_of_leading_zeros;
    /// Extension digits, NUL-terminated; empty when there is none.
    char extension[OHPN_EXTENSION_CAPACITY];
    /// Whether the number is valid for its region.
    bool is_valid;
    /// Region of the number (ISO 3166 code, "001" for non-geographic); empty when unknown.
    char region_code[4];
    /// libphonenumber's PhoneNumberType (0 fixed line ... 11 unknown).
    int32_t type;
    /// Where the country code came from (an ohpn_country_code_source).
    int32_t country_code_source;
    /// Whether the length is possible (an ohpn_possibility); only computed for invalid numbers.
    int32_t possibility;
} ohpn_number;

/// Loads libphonenumber's metadata; later calls are cheap. Returns false if that failed.
bool ohpn_initialize(void);

/// Parses `length` bytes of UTF-8 `text` (more than 250 bytes is OHPN_PARSE_TOO_LONG), assuming `default_region` (ISO 3166 code, NUL-terminated)
/// for numbers written without a country code. Fills `out` on success.
ohpn_parse_status ohpn_parse(const char *text, size_t length, const char *default_region, ohpn_number *out);

/// ohpn_parse, computing the number's type only when `with_type` is set; without it `type` is
/// unknown (11) and `is_valid` is the same, at one validity check less for numbers whose country
/// code several regions share (NANP).
ohpn_parse_status ohpn_parse_checking(const char *text, size_t length, const char *default_region, bool with_type,
                                      ohpn_number *out);

/// ohpn_parse_checking without type, handing libphonenumber `text` exactly as written. The other
/// parse functions hand it only the digits (and leading `+`) of a text made of digits and the
/// punctuation ` -().`, which parses the same and faster; this one exists to check that they agree.
ohpn_parse_status ohpn_parse_verbatim(const char *text, size_t length, const char *default_region, ohpn_number *out);

/// Parses `text` like ohpn_parse and writes its E.164 form into `buffer` (NUL-terminated when it fits),
/// skipping the validity and type checks ohpn_parse makes. Returns the length of the E.164 text
/// (retry with a larger buffer when it is >= `capacity`), or -1 when the text does not parse.
int32_t ohpn_e164(const char *text, size_t length, const char *default_region, char *buffer, size_t capacity);

/// Writes the main region of a country calling code (`DE` for 49, `001` for non-geographic codes)
/// into `buffer`; returns its length, or -1 for a code that is not assigned.
int32_t ohpn_main_region_for_calling_code(int32_t calling_code, char *buffer, size_t capacity);

/// Formats `number` into `buffer` (NUL-terminated when it fits). Returns the length of the formatted
/// text without the NUL (retry with a larger buffer when it is >= `capacity`), or -1 on failure.
int32_t ohpn_format(const ohpn_number *number, ohpn_format_kind format, char *buffer, size_t capacity);

/// How well two numbers match; both are read with `default_region` when written without a country code.
ohpn_match_level ohpn_match(const char *a, size_t a_length, const char *b, size_t b_length, const char *default_region);

/// Whether libphonenumber has metadata for `region` (ISO 3166 code, NUL-terminated).
bool ohpn_is_supported_region(const char *region);

/// Writes `region`'s international prefix into `buffer` when the metadata gives it as plain digits
/// ("011", "00"); returns its length, or -1 when it is a pattern (Australia's) or unknown.
int32_t ohpn_literal_international_prefix(const char *region, char *buffer, size_t capacity);

/// The country calling code of `region` (ISO 3166 code), such as 1 for "CA"; 0 when unknown.
int32_t ohpn_country_code_for_region(const char *region);

#ifdef __cplusplus
}
#endif

#endif
