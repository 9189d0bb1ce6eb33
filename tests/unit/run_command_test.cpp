// Tests of the Share panel's command text (core/config/run_command.h): shell quoting by hand and, in the
// native build, through a real POSIX shell; the command for a single run, a CSV, a benchmark split and an
// experiment link.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/config/run_command.h"
#include "core/config/url.h"
#include "core/learners/registry.h"

namespace ml {
namespace run_command_test {

TEST(RunCommand, ShellQuoteByHand) {
  EXPECT_EQ(shell_quote("#v=1&data=separable"), "'#v=1&data=separable'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote(""), "''");
  EXPECT_EQ(shell_quote("''"), "''\\'''\\'''");
}

#if !defined(__EMSCRIPTEN__)
// What `sh` hands a program as its one argument when given the quoted text.
std::string through_shell(const std::string& text) {
  const std::string command = "printf '%s' " + shell_quote(text);
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "<no shell>";
  std::string out;
  char buf[256];
  size_t got = 0;
  while ((got = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, got);
  pclose(pipe);
  return out;
}

TEST(RunCommand, QuotedTextReachesTheProgramUnchanged) {
  for (const std::string& text :
       {std::string("#v=1&data=separable&n=40&seed=7&edits=p1_0.5_-0.25,y3_0"),
        std::string("a'b\"c$HOME`id`!x\\y z;&|<>*?~"), std::string("'"), std::string("line\nbreak"), std::string("")})
    EXPECT_EQ(through_shell(text), text);
}
#endif

TEST(RunCommand, SingleRunCsvSplitAndExperiment) {
  Config c;
  c.seed = 7;
  const std::string url = encode_url(c);
  EXPECT_EQ(run_command(url, c, false), "marginlab run --url '" + url + "'");
  Config csv;
  csv.use_csv = true;
  csv.csv_name = "my data's.csv";
  EXPECT_EQ(run_command("#v=1&data=csv", csv, false), "marginlab run --url '#v=1&data=csv' --csv 'my data'\\''s.csv'");
  csv.split = 3;
  csv.csv_name = "banana";
  EXPECT_EQ(run_command("#u", csv, false), "marginlab sweep --url '#u' --data-dir . --out marginlab_sweep.jsonl");
  EXPECT_EQ(run_command("#v=1&x.learner=perceptron,uma", c, true),
            "marginlab sweep --url '#v=1&x.learner=perceptron,uma' --out marginlab_sweep.jsonl");
}

}  // namespace run_command_test
}  // namespace ml
