# Mapcost.cmake - the mapcost plugin in the CUDA device compiles of a target.
#
#   list(APPEND CMAKE_MODULE_PATH /path/to/mapcost/cmake)
#   include(Mapcost)
#   mapcost_target(my_kernels [WERROR] [OPTIONS -mapcost-block-dim=256 ...])
#
# For targets compiled by clang: CMake's CUDA language with clang as the CUDA
# compiler (CMAKE_CUDA_COMPILER=clang++-22, CMAKE_CUDA_FLAGS with
# --cuda-gpu-arch=sm_75 or newer and -Wno-unknown-cuda-version), or C++
# targets that compile .cu files with -x cuda. Findings are compiler warnings
# ([-Wbackend-plugin]); WERROR makes them errors, and only them. OPTIONS are
# plugin options (-mapcost-NAME=VALUE) for the device compiles. The target
# also gets runtime/ on its include path for <mapcost.h>.
#
# MAPCOST_PLUGIN (cache) names libmapcost.so; by default the one that
# `cmake -S . -B build` builds in the mapcost checkout holding this file.

get_filename_component(MAPCOST_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(MAPCOST_PLUGIN "${MAPCOST_ROOT}/build/libmapcost.so" CACHE FILEPATH
    "the mapcost plugin (libmapcost.so) for the clang that compiles CUDA")

function(mapcost_target target)
  cmake_parse_arguments(MAPCOST "WERROR" "" "OPTIONS" ${ARGN})
  if(NOT EXISTS "${MAPCOST_PLUGIN}")
    message(FATAL_ERROR "mapcost: no plugin at ${MAPCOST_PLUGIN}: build mapcost "
                        "(cmake -S . -B build && ninja -C build) or set MAPCOST_PLUGIN")
  endif()
  set(lang "$<COMPILE_LANGUAGE:CUDA,CXX>")
  target_compile_options(${target} PRIVATE "$<${lang}:-fpass-plugin=${MAPCOST_PLUGIN}>")
  foreach(option IN LISTS MAPCOST_OPTIONS)
    # one word for the device side only (CMake would merge repeated flags)
    target_compile_options(${target} PRIVATE "$<${lang}:SHELL:-Xarch_device -mllvm=${option}>")
  endforeach()
  if(MAPCOST_WERROR)
    target_compile_options(${target} PRIVATE "$<${lang}:-Werror=backend-plugin>")
  endif()
  target_include_directories(${target} PRIVATE "${MAPCOST_ROOT}/runtime")
endfunction()
