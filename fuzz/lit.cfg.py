# lit configuration of the fuzz smoke suite (fuzz/tests): each test runs one
# libFuzzer target for a few seconds on a small corpus (fuzz/run.sh --smoke)
# and fails if the target crashes or breaks an invariant. Configured only in
# a fuzz build (-DPYKC_FUZZ=ON, clang-19); scripts/test.sh runs it.
#
# Substitutions: %fuzz-run TARGET SECONDS [flags]: fuzz/run.sh on this build;
# %fuzz-bin: the folder of the targets (to run one on a file); %repo: the
# source tree.
import os

import lit.formats

config.name = "pykc-fuzz"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.join(os.path.dirname(__file__), "tests")
config.substitutions.append(
    ("%fuzz-run", "bash %s %s" % (os.path.join(config.source_root, "fuzz", "run.sh"), config.fuzz_bin)))
config.substitutions.append(("%fuzz-bin", config.fuzz_bin))
config.substitutions.append(("%repo", config.source_root))
config.substitutions.append(("FileCheck", config.filecheck))
for name in ("fuzz_lex", "fuzz_parse", "fuzz_sema", "fuzz_ir", "fuzz_ptx", "fuzz_gen"):
    if os.path.exists(os.path.join(config.fuzz_bin, name)):
        config.available_features.add(name)
# The targets' own sanitizer settings (fuzz/run.sh); lit's environment is bare.
for var in ("TMPDIR", "CUDA_HOME", "PYKC_PTXAS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
