# Warning and sanitizer flags for smatch-ci's own targets (never for sparse).
set(SCI_WARNING_FLAGS -Wall -Wextra -Wstrict-prototypes -Wmissing-prototypes
	-Wmissing-declarations -Wshadow -Wno-unused-parameter)
if(SCI_ENABLE_WERROR)
	list(APPEND SCI_WARNING_FLAGS -Werror)
endif()
set(SCI_SANITIZE_FLAGS)
set(SCI_SANITIZE_LINK_FLAGS)
if(SCI_SANITIZE OR SCI_FUZZ)
	set(SCI_SANITIZE_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer
		-fno-sanitize-recover=undefined)
	set(SCI_SANITIZE_LINK_FLAGS ${SCI_SANITIZE_FLAGS})
endif()
if(SCI_FUZZ)
	# Every target of ours gets libFuzzer's coverage; only the fuzz
	# targets link libFuzzer itself (tests/fuzz/CMakeLists.txt).
	if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
		message(FATAL_ERROR "SCI_FUZZ needs clang (libFuzzer): configure with CC=clang")
	endif()
	list(APPEND SCI_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
endif()

# sci_target_defaults(<target>): warnings, sanitizers and C dialect.
function(sci_target_defaults tgt)
	target_compile_options(${tgt} PRIVATE ${SCI_WARNING_FLAGS} ${SCI_SANITIZE_FLAGS})
	if(SCI_SANITIZE_LINK_FLAGS)
		target_link_options(${tgt} PRIVATE ${SCI_SANITIZE_LINK_FLAGS})
	endif()
	set_target_properties(${tgt} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)
	target_compile_definitions(${tgt} PRIVATE _GNU_SOURCE)
endfunction()
