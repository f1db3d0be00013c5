// C shim over libphonenumber's PhoneNumberUtil. See include/phonenumber_shim.h.
#include "phonenumber_shim.h"

#include <phonenumbers/phonemetadata.pb.h>
#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <list>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

// libphonenumber's compiled-in metadata (a serialized PhoneMetadataCollection), exported by the
// library but declared in no installed header. Weak: without it the shim only skips a shortcut.
namespace i18n {
namespace phonenumbers {
const void *metadata_get() __attribute__((weak));
int metadata_size() __attribute__((weak));
}  // namespace phonenumbers
}  // namespace i18n

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

// Longest input handed to libphonenumber, as in its Java version (MAX_INPUT_STRING_LENGTH). The C++
// version has no such guard, and its regular expressions take superlinear time on long inputs.
constexpr size_t kMaxInputLength = 250;

const PhoneNumberUtil *util() { return PhoneNumberUtil::GetInstance(); }

// The regions GetRegionCodeForNumber names only after finding the number valid there: regions
// that share their calling code with others (so the lookup checks each one's number types) and
// have no leading-digits pattern (which would name the region without checking the number).
// For a number such a lookup assigns to one of them, IsValidNumberForRegion would repeat that
// same type check (about ten regular expressions for a US number) and say true.
const std::set<std::string> &regions_found_valid() {
    static const std::set<std::string> regions = [] {
        std::set<std::string> result;
        if (i18n::phonenumbers::metadata_get == nullptr || i18n::phonenumbers::metadata_size == nullptr) return result;
        i18n::phonenumbers::PhoneMetadataCollection collection;
        if (!collection.ParseFromArray(i18n::phonenumbers::metadata_get(), i18n::phonenumbers::metadata_size())) return result;
        for (const auto &metadata : collection.metadata()) {
            std::list<std::string> sharing;
            util()->GetRegionCodesForCountryCallingCode(metadata.country_code(), &sharing);
            if (sharing.size() > 1 && !metadata.has_leading_digits()) result.insert(metadata.id());
        }
        return result;
    }();
    return regions;
}

// Each region's international prefix when it is a plain string of digits ("011", "00", "010"),
// from the compiled-in metadata; regions whose prefix is a pattern (Australia's) are absent.
const std::map<std::string, std::string> &literal_international_prefixes() {
    static const std::map<std::string, std::string> prefixes = [] {
        std::map<std::string, std::string> result;
        if (i18n::phonenumbers::metadata_get == nullptr || i18n::phonenumbers::metadata_size == nullptr) return result;
        i18n::phonenumbers::PhoneMetadataCollection collection;
        if (!collection.ParseFromArray(i18n::phonenumbers::metadata_get(), i18n::phonenumbers::metadata_size())) return result;
        for (const auto &metadata : collection.metadata()) {
            const std::string &prefix = metadata.international_prefix();
            if (prefix.empty() || prefix.find_first_not_of("0123456789") != std::string::npos) continue;
            result[metadata.id()] = prefix;
        }
        return result;
    }();
    return prefixes;
}

ohpn_parse_status status_from(PhoneNumberUtil::ErrorType error) {
    switch (error) {
    case PhoneNumberUtil::NO_PARSING_ERROR: return OHPN_PARSE_OK;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR: return OHPN_PARSE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::NOT_A_NUMBER: return OHPN_PARSE_NOT_A_NUMBER;
    case PhoneNumberUtil::TOO_SHORT_AFTER_IDD: return OHPN_PARSE_TOO_SHORT_AFTER_IDD;
    case PhoneNumberUtil::TOO_SHORT_NSN: return OHPN_PARSE_TOO_SHORT_NSN;
    case PhoneNumberUtil::TOO_LONG_NSN: return OHPN_PARSE_TOO_LONG;
    }
    return OHPN_PARSE_INTERNAL_ERROR;
}

// Copies `text` with its NUL into `buffer` when it fits; returns its length.
int32_t copy_out(const std::string &text, char *buffer, size_t capacity) {
    if (buffer != nullptr && text.size() < capacity) {
        std::memcpy(buffer, text.data(), text.size());
        buffer[text.size()] = '\0';
    } else if (buffer != nullptr && capacity > 0) {
        buffer[0] = '\0';
    }
    return static_cast<int32_t>(text.size());
}

// Each calling code's regions, as GetRegionCodesForCountryCallingCode lists them: it makes a new
// list of new strings for each call, and GetRegionCodeForNumber calls it for every number, though
// for a code of one region it names that region and nothing else (most codes; not NANP's 1, 7, 44).
const std::vector<std::vector<std::string>> &regions_by_calling_code() {
    static const std::vector<std::vector<std::string>> table = [] {
        std::vector<std::vector<std::string>> result(1000);
        for (int code = 1; code < 1000; code++) {
            std::list<std::string> regions;
            util()->GetRegionCodesForCountryCallingCode(code, &regions);
            result[code].assign(regions.begin(), regions.end());
        }
        return result;
    }();
    return table;
}

// GetRegionCodeForNumber, without its list for a calling code of one region.
void region_code_for_number(const PhoneNumber &number, std::string *region) {
    const int code = number.country_code();
    const auto &table = regions_by_calling_code();
    if (code > 0 && code < static_cast<int>(table.size()) && table[code].size() <= 1) {
        *region = table[code].empty() ? "ZZ" : table[code].front();
        return;
    }
    util()->GetRegionCodeForNumber(number, region);
}

// What the checks after a parse find from the number alone (its country code and national
// significant number): the region GetRegionCodeForNumber names, validity and possibility. Near
// duplicates carry one number written in several ways (`+49 30 1234567`, `030 1234567`), each text
// parsed once but all the same number: the region lookup and validity check (a quarter of a parse,
// several regular expressions) are made once. Per thread, so without locks; emptied when full.
struct NumberKey {
    int32_t country_code;
    uint64_t national_number;
    int32_t leading_zeros;  // 0 without an Italian leading zero
    bool operator==(const NumberKey &other) const {
        return country_code == other.country_code && national_number == other.national_number
            && leading_zeros == other.leading_zeros;
    }
};

struct NumberKeyHash {
    size_t operator()(const NumberKey &key) const {
        uint64_t h = key.national_number * 0x9E3779B97F4A7C15ULL;
        h ^= (static_cast<uint64_t>(static_cast<uint32_t>(key.country_code)) << 8) ^ static_cast<uint64_t>(key.leading_zeros);
        return static_cast<size_t>(h ^ (h >> 29));
    }
};

struct NumberChecks {
    char region_code[sizeof(ohpn_number::region_code)];
    bool is_valid;
    int32_t possibility;
};

constexpr size_t kNumberCacheLimit = 1 << 14;

NumberKey key_of(const PhoneNumber &number) {
    return NumberKey{number.country_code(), number.national_number(),
                     number.italian_leading_zero() ? static_cast<int32_t>(number.number_of_leading_zeros()) : 0};
}

void fill(const PhoneNumber &number, ohpn_number *out, bool with_type) {
    const PhoneNumberUtil *u = util();
    std::memset(out, 0, sizeof *out);
    out->country_code = number.country_code();
    out->national_number = number.national_number();
    out->italian_leading_zero = number.italian_leading_zero();
    out->number_of_leading_zeros = number.italian_leading_zero() ? number.number_of_leading_zeros() : 0;
    copy_out(number.extension(), out->extension, sizeof out->extension);
    out->country_code_source = number.has_country_code_source()
        ? static_cast<int32_t>(number.country_code_source()) : OHPN_SOURCE_UNSPECIFIED;
    thread_local std::unordered_map<NumberKey, NumberChecks, NumberKeyHash> checked;
    const NumberKey key = key_of(number);
    if (!with_type) {
        const auto found = checked.find(key);
        if (found != checked.end()) {
            out->type = static_cast<int32_t>(PhoneNumberUtil::UNKNOWN);
            std::memcpy(out->region_code, found->second.region_code, sizeof out->region_code);
            out->is_valid = found->second.is_valid;
            out->possibility = found->second.possibility;
            return;
        }
    }
    // IsValidNumber(n) is "the type for n's region is known": computing the type once gives both,
    // and spares the region lookup that IsValidNumber would repeat.
    std::string region;
    region_code_for_number(number, &region);
    if (region != "ZZ") copy_out(region, out->region_code, sizeof out->region_code);
    if (with_type) {
        PhoneNumberUtil::PhoneNumberType type = region == "ZZ" ? PhoneNumberUtil::UNKNOWN : u->GetNumberType(number);
        out->type = static_cast<int32_t>(type);
        out->is_valid = type != PhoneNumberUtil::UNKNOWN;
    } else {
        // GetNumberType would look the region up again (for a NANP number, the number checked
        // against US first); validity for the region just found is one check, as IsValidNumber makes it.
        out->type = static_cast<int32_t>(PhoneNumberUtil::UNKNOWN);
        out->is_valid = region != "ZZ" && (regions_found_valid().count(region) > 0 || u->IsValidNumberForRegion(number, region));
    }
    out->possibility = out->is_valid ? OHPN_POSSIBLE : static_cast<int32_t>(u->IsPossibleNumberWithReason(number));
    if (with_type) return;
    if (checked.size() >= kNumberCacheLimit) checked.clear();
    NumberChecks checks;
    std::memcpy(checks.region_code, out->region_code, sizeof checks.region_code);
    checks.is_valid = out->is_valid;
    checks.possibility = out->possibility;
    checked.emplace(key, checks);
}

// The digits of `text`, with its leading `+`, when `text` holds nothing else but the punctuation
// address books write between digits (spaces, `-`, `(`, `)`, `.`) and at least three digits.
// libphonenumber strips exactly that punctuation before it reads a number, but runs several
// regular expressions over the whole text first (possible-number extraction, viability, extension
// search, normalization), each converting it to UTF-16: on the digits alone parsing takes about a
// third less time. Both texts parse to the same number and the same error: checked on the
// generated 100,000-card book and on 690,000 random strings of digits and that punctuation in 20
// regions; PhoneParsingEquivalenceTests holds the two readings together.
bool plain_digits(const char *text, size_t length, std::string *out) {
    out->clear();
    size_t first = 0;
    while (first < length && text[first] == ' ') first++;
    int digits = 0;
    for (size_t i = 0; i < length; i++) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            out->push_back(c);
            digits++;
        } else if (c == '+' && i == first) {
            out->push_back(c);
        } else if (c != ' ' && c != '-' && c != '(' && c != ')' && c != '.') {
            return false;
        }
    }
    return digits >= 3;
}

// The text handed to libphonenumber: the digits of a plainly written number, or `text` as written.
std::string parse_input(const char *text, size_t length, bool digits_only) {
    std::string digits;
    if (digits_only && plain_digits(text, length, &digits)) return digits;
    return std::string(text, length);
}

PhoneNumber rebuild(const ohpn_number *in) {
    PhoneNumber number;
    number.set_country_code(in->country_code);
    number.set_national_number(in->national_number);
    if (in->italian_leading_zero) {
        number.set_italian_leading_zero(true);
        if (in->number_of_leading_zeros > 1) number.set_number_of_leading_zeros(in->number_of_leading_zeros);
    }
    size_t ext_length = strnlen(in->extension, sizeof in->extension);
    if (ext_length > 0) number.set_extension(std::string(in->extension, ext_length));
    return number;
}

ohpn_parse_status parse_into(const char *text, size_t length, const char *default_region, bool with_type,
                             bool digits_only, ohpn_number *out) {
    if (out == nullptr) return OHPN_PARSE_INTERNAL_ERROR;
    std::memset(out, 0, sizeof *out);
    if (text == nullptr) return OHPN_PARSE_NOT_A_NUMBER;
    if (length > kMaxInputLength) return OHPN_PARSE_TOO_LONG;
    try {
        PhoneNumber number;
        const std::string input = parse_input(text, length, digits_only);
        const std::string region(default_region != nullptr ? default_region : "ZZ");
        PhoneNumberUtil::ErrorType error = util()->ParseAndKeepRawInput(input, region, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return status_from(error);
        if (number.extension().size() >= sizeof out->extension) return OHPN_PARSE_TOO_LONG;
        fill(number, out, with_type);
        return OHPN_PARSE_OK;
    } catch (...) {
        std::memset(out, 0, sizeof *out);
        return OHPN_PARSE_INTERNAL_ERROR;
    }
}

}  // namespace

extern "C" {

bool ohpn_initialize(void) {
    try {
        regions_found_valid();
        literal_international_prefixes();
        regions_by_calling_code();
        return util() != nullptr;
    } catch (...) {
        return false;
    }
}

ohpn_parse_status ohpn_parse(const char *text, size_t length, const char *default_region, ohpn_number *out) {
    return ohpn_parse_checking(text, length, default_region, true, out);
}

ohpn_parse_status ohpn_parse_checking(const char *text, size_t length, const char *default_region, bool with_type,
                                      ohpn_number *out) {
    return parse_into(text, length, default_region, with_type, true, out);
}

ohpn_parse_status ohpn_parse_verbatim(const char *text, size_t length, const char *default_region, ohpn_number *out) {
    return parse_into(text, length, default_region, false, false, out);
}

int32_t ohpn_e164(const char *text, size_t length, const char *default_region, char *buffer, size_t capacity) {
    if (text == nullptr || length > kMaxInputLength) return -1;
    try {
        const PhoneNumberUtil *u = util();
        PhoneNumber number;
        const std::string input = parse_input(text, length, true);
        const std::string region(default_region != nullptr ? default_region : "ZZ");
        if (u->Parse(input, region, &number) != PhoneNumberUtil::NO_PARSING_ERROR) return -1;
        std::string formatted;
        u->Format(number, PhoneNumberUtil::E164, &formatted);
        return copy_out(formatted, buffer, capacity);
    } catch (...) {
        if (buffer != nullptr && capacity > 0) buffer[0] = '\0';
        return -1;
    }
}

int32_t ohpn_main_region_for_calling_code(int32_t calling_code, char *buffer, size_t capacity) {
    try {
        std::string region;
        util()->GetRegionCodeForCountryCode(calling_code, &region);
        if (region == "ZZ") return -1;
        return copy_out(region, buffer, capacity);
    } catch (...) {
        if (buffer != nullptr && capacity > 0) buffer[0] = '\0';
        return -1;
    }
}

int32_t ohpn_format(const ohpn_number *number, ohpn_format_kind format, char *buffer, size_t capacity) {
    if (number == nullptr) return -1;
    PhoneNumberUtil::PhoneNumberFormat kind;
    switch (format) {
    case OHPN_FORMAT_E164: kind = PhoneNumberUtil::E164; break;
    case OHPN_FORMAT_INTERNATIONAL: kind = PhoneNumberUtil::INTERNATIONAL; break;
    case OHPN_FORMAT_NATIONAL: kind = PhoneNumberUtil::NATIONAL; break;
    case OHPN_FORMAT_RFC3966: kind = PhoneNumberUtil::RFC3966; break;
    default: return -1;
    }
    try {
        std::string formatted;
        util()->Format(rebuild(number), kind, &formatted);
        return copy_out(formatted, buffer, capacity);
    } catch (...) {
        if (buffer != nullptr && capacity > 0) buffer[0] = '\0';
        return -1;
    }
}

ohpn_match_level ohpn_match(const char *a, size_t a_length, const char *b, size_t b_length, const char *default_region) {
    if (a == nullptr || b == nullptr) return OHPN_MATCH_INVALID_NUMBER;
    if (a_length > kMaxInputLength || b_length > kMaxInputLength) return OHPN_MATCH_INVALID_NUMBER;
    try {
        const PhoneNumberUtil *u = util();
        const std::string first(a, a_length), second(b, b_length);
        const std::string region(default_region != nullptr ? default_region : "ZZ");
        PhoneNumber x, y;
        bool x_ok = u->Parse(first, region, &x) == PhoneNumberUtil::NO_PARSING_ERROR;
        bool y_ok = u->Parse(second, region, &y) == PhoneNumberUtil::NO_PARSING_ERROR;
        PhoneNumberUtil::MatchType result;
        if (x_ok && y_ok) result = u->IsNumberMatch(x, y);
        else if (x_ok) result = u->IsNumberMatchWithOneString(x, second);
        else if (y_ok) result = u->IsNumberMatchWithOneString(y, first);
        else result = u->IsNumberMatchWithTwoStrings(first, second);
        return static_cast<ohpn_match_level>(result);
    } catch (...) {
        return OHPN_MATCH_INVALID_NUMBER;
    }
}

bool ohpn_is_supported_region(const char *region) {
    if (region == nullptr) return false;
    try {
        return util()->GetCountryCodeForRegion(std::string(region)) != 0;
    } catch (...) {
        return false;
    }
}

int32_t ohpn_literal_international_prefix(const char *region, char *buffer, size_t capacity) {
    if (region == nullptr) return -1;
    try {
        const auto &prefixes = literal_international_prefixes();
        const auto found = prefixes.find(std::string(region));
        if (found == prefixes.end()) return -1;
        return copy_out(found->second, buffer, capacity);
    } catch (...) {
        return -1;
    }
}

int32_t ohpn_country_code_for_region(const char *region) {
    if (region == nullptr) return 0;
    try {
        return util()->GetCountryCodeForRegion(std::string(region));
    } catch (...) {
        return 0;
    }
}

}  // extern "C"
