# Finds libsparse.a and its headers, building them first when needed.
#
# With -DSPARSE_ROOT=<dir>, <dir> (or <dir>/src) must hold a built sparse
# tree: lib.h and libsparse.a.  Without it, scripts/bootstrap-sparse.sh builds
# one from Debian's sparse source package, with our patches, in the build tree.
# Defines the IMPORTED target sparse::sparse.

if(NOT SPARSE_ROOT)
	set(_sci_sparse_dest ${CMAKE_BINARY_DIR}/sparse)
	message(STATUS "Bootstrapping sparse into ${_sci_sparse_dest}")
	execute_process(
		COMMAND ${CMAKE_SOURCE_DIR}/scripts/bootstrap-sparse.sh ${_sci_sparse_dest}
		RESULT_VARIABLE _sci_rc)
	if(NOT _sci_rc EQUAL 0)
		message(FATAL_ERROR "scripts/bootstrap-sparse.sh failed (${_sci_rc}); "
			"run scripts/install-deps.sh, or pass -DSPARSE_ROOT=<built sparse tree>")
	endif()
	set(_sci_sparse_hints ${_sci_sparse_dest}/src)
	set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
		${CMAKE_SOURCE_DIR}/scripts/bootstrap-sparse.sh)
	file(GLOB _sci_patches CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/patches/sparse/*.patch)
	set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_sci_patches})
else()
	set(_sci_sparse_hints ${SPARSE_ROOT} ${SPARSE_ROOT}/src)
endif()

# NO_DEFAULT_PATH: the generic name lib.h must never come from /usr/include.
unset(SPARSE_INCLUDE_DIR CACHE)
unset(SPARSE_LIBRARY CACHE)
find_path(SPARSE_INCLUDE_DIR NAMES lib.h symbol.h expression.h
	HINTS ${_sci_sparse_hints} NO_DEFAULT_PATH)
find_library(SPARSE_LIBRARY NAMES libsparse.a
	HINTS ${_sci_sparse_hints} NO_DEFAULT_PATH)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Sparse REQUIRED_VARS SPARSE_LIBRARY SPARSE_INCLUDE_DIR)

if(Sparse_FOUND AND NOT TARGET sparse::sparse)
	add_library(sparse::sparse STATIC IMPORTED)
	set_target_properties(sparse::sparse PROPERTIES
		IMPORTED_LOCATION "${SPARSE_LIBRARY}"
		INTERFACE_INCLUDE_DIRECTORIES "${SPARSE_INCLUDE_DIR}"
		INTERFACE_LINK_LIBRARIES m)
endif()
