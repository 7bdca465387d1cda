// The MSL subset check tests have their own Catch2 main (and executable): they link Clang.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
