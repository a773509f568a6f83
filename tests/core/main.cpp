// The Catch2 runner of the core tests; the tests are in the other files of this folder.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
