# ptx2metal_add_metallib(<target> SOURCES <file.ptx | $<TARGET_OBJECTS:lib>>...
#                        [OUTPUT_DIRECTORY <dir>] [OPTIONS <ptx2metal compile options>...])
#
# Translates each PTX file with `ptx2metal compile` at build time into
# <dir>/<name>.metal and its reflection <dir>/<name>.json (and <dir>/<name>.metallib where the
# CLI has --metallib: it makes one only where a Metal toolchain exists and otherwise warns and
# writes the MSL alone). <name> is the PTX file's name without its last extension; <dir>
# defaults to ${CMAKE_CURRENT_BINARY_DIR}/<target>. The custom target <target> builds them all.
#
# SOURCES takes PTX paths (relative ones from ${CMAKE_CURRENT_SOURCE_DIR}) and
# $<TARGET_OBJECTS:lib> of an object library with CUDA_PTX_COMPILATION ON: that library's .cu
# sources must be listed before the call, since each becomes one translation whose input
# path CMake fills in at generation time.
#
# Properties set on <target>, for the code that loads the modules:
#   PTX2METAL_OUTPUT_DIRECTORY  <dir>
#   PTX2METAL_MSL_FILES         the .metal files
#   PTX2METAL_REFLECTION_FILES  the .json files (what cuModuleLoad takes)
#   PTX2METAL_METALLIB_FILES    the .metallib files that may be made (empty without --metallib)
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20) # the functions below keep these policies whatever the caller's

# Whether the ptx2metal CLI can drive the Metal toolchain: asked once per configure.
function(_ptx2metal_has_metallib_option out)
  get_property(known GLOBAL PROPERTY _PTX2METAL_HAS_METALLIB SET)
  if(NOT known)
    get_target_property(cli ptx2metal::ptx2metal IMPORTED_LOCATION)
    execute_process(COMMAND "${cli}" compile --help
                    OUTPUT_VARIABLE help ERROR_QUIET RESULT_VARIABLE status)
    if(status EQUAL 0 AND help MATCHES "--metallib")
      set_property(GLOBAL PROPERTY _PTX2METAL_HAS_METALLIB TRUE)
    else()
      set_property(GLOBAL PROPERTY _PTX2METAL_HAS_METALLIB FALSE)
    endif()
  endif()
  get_property(has GLOBAL PROPERTY _PTX2METAL_HAS_METALLIB)
  set(${out} ${has} PARENT_SCOPE)
endfunction()

# The PTX inputs of one SOURCES entry as pairs "<name>|<path or generator expression>".
function(_ptx2metal_ptx_inputs out source)
  if(source MATCHES "^\\$<TARGET_OBJECTS:([^>]+)>$")
    set(lib "${CMAKE_MATCH_1}")
    if(NOT TARGET "${lib}")
      message(FATAL_ERROR "ptx2metal_add_metallib: ${source}: no target '${lib}' (define it before the call)")
    endif()
    get_target_property(ptx "${lib}" CUDA_PTX_COMPILATION)
    if(NOT ptx)
      message(FATAL_ERROR "ptx2metal_add_metallib: ${source}: '${lib}' needs CUDA_PTX_COMPILATION ON")
    endif()
    get_target_property(lib_sources "${lib}" SOURCES)
    set(inputs "")
    foreach(cu IN LISTS lib_sources)
      if(cu MATCHES "\\$<")
        message(FATAL_ERROR "ptx2metal_add_metallib: '${lib}' lists a generator expression among its sources: ${cu}")
      endif()
      if(NOT cu MATCHES "\\.cu$")
        continue()
      endif()
      get_filename_component(name "${cu}" NAME_WLE)
      # CMake names the object <path>/<name>.ptx (some versions <name>.cu.ptx); the regular
      # expression picks this source's object out of the list when the build is generated.
      string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" name_regex "${name}")
      list(APPEND inputs "${name}|$<FILTER:$<TARGET_OBJECTS:${lib}>,INCLUDE,/${name_regex}(\\.cu)?\\.ptx$>")
    endforeach()
    if(NOT inputs)
      message(FATAL_ERROR "ptx2metal_add_metallib: '${lib}' has no .cu sources")
    endif()
  elseif(source MATCHES "\\$<")
    message(FATAL_ERROR "ptx2metal_add_metallib: of generator expressions SOURCES takes only "
                        "$<TARGET_OBJECTS:lib> of a CUDA_PTX_COMPILATION library, not ${source}")
  else()
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${path}" NAME_WLE)
    set(inputs "${name}|${path}")
  endif()
  set(${out} "${inputs}" PARENT_SCOPE)
endfunction()

function(ptx2metal_add_metallib target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIRECTORY" "SOURCES;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ptx2metal_add_metallib: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "ptx2metal_add_metallib(${target}): SOURCES is empty")
  endif()
  if(NOT TARGET ptx2metal::ptx2metal)
    message(FATAL_ERROR "ptx2metal_add_metallib: find_package(ptx2metal) first")
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${target}")
  if(arg_OUTPUT_DIRECTORY)
    get_filename_component(dir "${arg_OUTPUT_DIRECTORY}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  file(MAKE_DIRECTORY "${dir}")
  _ptx2metal_has_metallib_option(metallib)

  set(inputs "")
  set(object_libraries "")
  foreach(source IN LISTS arg_SOURCES)
    _ptx2metal_ptx_inputs(more "${source}")
    list(APPEND inputs ${more})
    if(source MATCHES "^\\$<TARGET_OBJECTS:([^>]+)>$")
      list(APPEND object_libraries "${CMAKE_MATCH_1}")
    endif()
  endforeach()

  set(msl_files "")
  set(reflection_files "")
  set(metallib_files "")
  set(names "")
  foreach(input IN LISTS inputs)
    string(FIND "${input}" "|" bar)
    string(SUBSTRING "${input}" 0 ${bar} name)
    math(EXPR bar "${bar} + 1")
    string(SUBSTRING "${input}" ${bar} -1 ptx)
    if(name IN_LIST names)
      message(FATAL_ERROR "ptx2metal_add_metallib(${target}): two inputs named '${name}' would "
                          "write the same ${dir}/${name}.metal")
    endif()
    list(APPEND names "${name}")

    set(msl "${dir}/${name}.metal")
    set(reflection "${dir}/${name}.json")
    set(metallib_args "")
    if(metallib)
      # Not a by-product: without a Metal toolchain it is never written, and a declared file
      # that never appears would make every build translate again.
      set(metallib_args --metallib "${dir}/${name}.metallib")
      list(APPEND metallib_files "${dir}/${name}.metallib")
    endif()
    add_custom_command(
      OUTPUT "${msl}"
      BYPRODUCTS "${reflection}"
      COMMAND ptx2metal::ptx2metal compile "${ptx}" -o "${msl}" --reflection "${reflection}"
              ${metallib_args} ${arg_OPTIONS}
      DEPENDS "${ptx}" "$<TARGET_FILE:ptx2metal::ptx2metal>"
      COMMENT "ptx2metal: translating ${name} to ${name}.metal"
      VERBATIM)
    list(APPEND msl_files "${msl}")
    list(APPEND reflection_files "${reflection}")
  endforeach()

  add_custom_target(${target} ALL DEPENDS ${msl_files})
  if(object_libraries)
    add_dependencies(${target} ${object_libraries}) # the Makefile generators need the order spelt out
  endif()
  set_target_properties(${target} PROPERTIES
    PTX2METAL_OUTPUT_DIRECTORY "${dir}"
    PTX2METAL_MSL_FILES "${msl_files}"
    PTX2METAL_REFLECTION_FILES "${reflection_files}"
    PTX2METAL_METALLIB_FILES "${metallib_files}")
endfunction()

cmake_policy(POP)
