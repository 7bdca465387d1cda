// The toolkit_driver_tests executable: Catch2's own main.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
