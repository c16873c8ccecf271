#include "common/rle.h"

#include <cctype>

#include "absl/strings/str_cat.h"

namespace sokoban {
namespace {

constexpr int kMaxDepth = 64;

class Expander {
 public:
  Expander(std::string_view text, size_t max_output) : text_(text), max_(max_output) {}

  absl::StatusOr<std::string> Run() {
    std::string out;
    absl::Status s = Sequence(0, out);
    if (!s.ok()) return s;
    if (pos_ < text_.size()) {
      return absl::InvalidArgumentError(absl::StrCat("unmatched ')' at column ", pos_ + 1));
    }
    return out;
  }

 private:
  // Parses items until ')' or the end; appends their expansion to out.
  absl::Status Sequence(int depth, std::string& out) {
    if (depth > kMaxDepth) {
      return absl::InvalidArgumentError("run-length groups nested more than 64 deep");
    }
    while (pos_ < text_.size() && text_[pos_] != ')') {
      size_t count = 1;
      const size_t count_pos = pos_;
      if (std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        count = 0;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
          count = count * 10 + (text_[pos_] - '0');
          if (count > max_) {
            return absl::InvalidArgumentError(
                absl::StrCat("run-length count at column ", count_pos + 1, " is too large"));
          }
          ++pos_;
        }
        if (count == 0) {
          return absl::InvalidArgumentError(
              absl::StrCat("run-length count 0 at column ", count_pos + 1));
        }
        if (pos_ >= text_.size() || text_[pos_] == ')') {
          return absl::InvalidArgumentError(
              absl::StrCat("run-length count at column ", count_pos + 1, " repeats nothing"));
        }
      }
      std::string item;
      if (text_[pos_] == '(') {
        const size_t open_pos = pos_;
        ++pos_;
        if (absl::Status s = Sequence(depth + 1, item); !s.ok()) return s;
        if (pos_ >= text_.size()) {
          return absl::InvalidArgumentError(absl::StrCat("unmatched '(' at column ", open_pos + 1));
        }
        ++pos_;  // ')'
      } else {
        item.assign(1, text_[pos_++]);
      }
      if (item.size() * count + out.size() > max_) {
        return absl::InvalidArgumentError("run-length expansion is too long");
      }
      for (size_t i = 0; i < count; ++i) out += item;
    }
    return absl::OkStatus();
  }

  std::string_view text_;
  size_t max_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<std::string> ExpandRle(std::string_view text, size_t max_output) {
  return Expander(text, max_output).Run();
}

bool HasRle(std::string_view text) {
  for (char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '(' || c == ')') return true;
  }
  return false;
}

}  // namespace sokoban
