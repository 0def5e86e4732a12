# Install rules and the Debian package: what `cmake --install` and `scripts/package` ship.
# Included from the top-level CMakeLists.txt once the attnlab target exists. The data files live
# in resources/desktop/; one application id names the launcher, icon, metainfo and MIME package.
include(GNUInstallDirs)

set(ATTNLAB_APP_ID io.github.attnlab.AttentionLab)
# The icon a file manager shows for the type: the MIME name with '/' as '-', the spec's default.
set(ATTNLAB_SCENE_ICON application-x-attnlab-scene)
set(ATTNLAB_DESKTOP_SRC ${PROJECT_SOURCE_DIR}/resources/desktop)
set(ATTNLAB_ICON_SIZES 16 22 24 32 48 64 128 256)

option(ATTNLAB_MAN_PAGES "Generate the English and Chinese man pages with help2man" ON)

install(TARGETS attnlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(FILES ${ATTNLAB_DESKTOP_SRC}/${ATTNLAB_APP_ID}.desktop
  DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${ATTNLAB_DESKTOP_SRC}/${ATTNLAB_APP_ID}.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${ATTNLAB_DESKTOP_SRC}/${ATTNLAB_APP_ID}.mime.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME ${ATTNLAB_APP_ID}.xml)

# The examples are compiled into the binary (File → Examples, --example); installed as files too
# so that a user can open, copy and edit them.
file(GLOB ATTNLAB_EXAMPLE_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/resources/examples/*.attn.json)
install(FILES ${ATTNLAB_EXAMPLE_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/attnlab/examples)

# Debian policy wants the licence at /usr/share/doc/PACKAGE/copyright.
install(FILES ${ATTNLAB_DESKTOP_SRC}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Icons: the SVGs are the sources; the PNG sizes are rendered from them at build time, so the
# two can never disagree.
set(ATTNLAB_ICON_DIR ${CMAKE_BINARY_DIR}/icons/hicolor)
install(FILES ${ATTNLAB_DESKTOP_SRC}/${ATTNLAB_APP_ID}.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${ATTNLAB_DESKTOP_SRC}/${ATTNLAB_SCENE_ICON}.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/mimetypes)

find_program(ATTNLAB_RSVG_CONVERT rsvg-convert)
if(NOT ATTNLAB_RSVG_CONVERT)
  message(FATAL_ERROR "rsvg-convert renders the PNG icons: install librsvg2-bin (scripts/setup.sh does)")
endif()
set(ATTNLAB_ICON_PNGS)
foreach(size IN LISTS ATTNLAB_ICON_SIZES)
  foreach(pair "apps;${ATTNLAB_APP_ID}" "mimetypes;${ATTNLAB_SCENE_ICON}")
    list(GET pair 0 context)
    list(GET pair 1 name)
    set(png ${ATTNLAB_ICON_DIR}/${size}x${size}/${context}/${name}.png)
    add_custom_command(OUTPUT ${png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${ATTNLAB_ICON_DIR}/${size}x${size}/${context}
      COMMAND ${ATTNLAB_RSVG_CONVERT} -w ${size} -h ${size} -o ${png} ${ATTNLAB_DESKTOP_SRC}/${name}.svg
      DEPENDS ${ATTNLAB_DESKTOP_SRC}/${name}.svg
      VERBATIM)
    list(APPEND ATTNLAB_ICON_PNGS ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/${context})
  endforeach()
endforeach()
add_custom_target(attnlab_icons ALL DEPENDS ${ATTNLAB_ICON_PNGS})

# Man pages from the program's own --help and --version, so they cannot drift from it; gzipped
# (-n: no name or time stamp, so the package is reproducible) as Debian installs man pages. help2man
# translates its section titles only under a real zh_CN.UTF-8 locale, which a build machine need
# not have generated: localedef compiles one into the build tree and LOCPATH points there.
if(ATTNLAB_MAN_PAGES)
  find_program(ATTNLAB_HELP2MAN help2man)
  find_program(ATTNLAB_LOCALEDEF localedef)
  find_program(ATTNLAB_GZIP gzip)
  if(NOT ATTNLAB_HELP2MAN OR NOT ATTNLAB_LOCALEDEF OR NOT ATTNLAB_GZIP)
    message(FATAL_ERROR "the man pages need help2man and localedef: install help2man and locales "
                        "(scripts/setup.sh does), or configure with -DATTNLAB_MAN_PAGES=OFF")
  endif()
  set(man_dir ${CMAKE_BINARY_DIR}/man)
  set(locale_dir ${man_dir}/locale)
  add_custom_command(OUTPUT ${locale_dir}/zh_CN.UTF-8/LC_CTYPE
    COMMAND ${CMAKE_COMMAND} -E make_directory ${locale_dir}
    COMMAND ${ATTNLAB_LOCALEDEF} -i zh_CN -f UTF-8 ${locale_dir}/zh_CN.UTF-8
    COMMENT "Compiling the zh_CN.UTF-8 locale for help2man"
    VERBATIM)
  # --lang overrides a language saved in the builder's settings; offscreen keeps it off any display.
  set(run_env ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen)
  add_custom_command(OUTPUT ${man_dir}/en/attnlab.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man_dir}/en
    COMMAND ${run_env} ${ATTNLAB_HELP2MAN} --no-info --locale=C.UTF-8
            "--help-option=--lang en --help" "--version-option=--lang en --version"
            --include=${ATTNLAB_DESKTOP_SRC}/attnlab.en.h2m
            --output=${man_dir}/en/attnlab.1 $<TARGET_FILE:attnlab>
    COMMAND ${ATTNLAB_GZIP} -9nf ${man_dir}/en/attnlab.1
    DEPENDS attnlab ${ATTNLAB_DESKTOP_SRC}/attnlab.en.h2m
    COMMENT "Generating the English man page"
    VERBATIM)
  # Qt's Chinese catalogue writes "用法：" and "选项：" with full-width colons, which help2man does
  # not take for the usage line and section heads; this wrapper turns them into ASCII colons.
  file(GENERATE OUTPUT ${man_dir}/zh_CN/bin/attnlab
    CONTENT "#!/bin/sh\n\"$<TARGET_FILE:attnlab>\" \"$@\" | sed -e 's/^用法：/用法: /' -e 's/^\\([^ ].*\\)：$/\\1:/'\n"
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  add_custom_command(OUTPUT ${man_dir}/zh_CN/attnlab.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man_dir}/zh_CN
    COMMAND ${run_env} LOCPATH=${locale_dir} ${ATTNLAB_HELP2MAN} --no-info
            --locale=zh_CN.UTF-8
            "--help-option=--lang zh_CN --help" "--version-option=--lang zh_CN --version"
            --include=${ATTNLAB_DESKTOP_SRC}/attnlab.zh_CN.h2m
            --output=${man_dir}/zh_CN/attnlab.1 ${man_dir}/zh_CN/bin/attnlab
    COMMAND ${ATTNLAB_GZIP} -9nf ${man_dir}/zh_CN/attnlab.1
    DEPENDS attnlab ${ATTNLAB_DESKTOP_SRC}/attnlab.zh_CN.h2m ${locale_dir}/zh_CN.UTF-8/LC_CTYPE
    COMMENT "Generating the Chinese man page"
    VERBATIM)
  add_custom_target(attnlab_man ALL DEPENDS ${man_dir}/en/attnlab.1.gz ${man_dir}/zh_CN/attnlab.1.gz)
  install(FILES ${man_dir}/en/attnlab.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${man_dir}/zh_CN/attnlab.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/zh_CN/man1)
endif()

# The Debian package (scripts/package). Library dependencies come from dpkg-shlibdeps; only what
# no library link reveals is named: the CJK font and Qt's own Chinese strings, as recommendations.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attnlab)
set(CPACK_PACKAGE_VENDOR "The Attention Lab developers")
set(CPACK_PACKAGE_CONTACT "Attention Lab maintainers <maintainers@users.noreply.a-seed-392a4fc7.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "interactive self-attention lab for teaching and learning")
set(CPACK_PACKAGE_DESCRIPTION
  "Attention Lab makes self-attention something a learner can touch: type a
sentence, edit the embeddings and the W_Q, W_K and W_V matrices, and step
through Q, K, V, the scores, the scaling, the mask, the softmax and the context
vectors, each stage recomputed live and drawn as a heatmap. An inspector
derives any number from its inputs; heatmaps export as PNG, SVG or PDF.
English and Simplified Chinese.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/attnlab/attnlab")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)

# The package test: cpack -G DEB, dpkg -x into a temporary root, then the installed binary, the
# launcher, metainfo, MIME type, icons and man pages are checked (tests/package/check_package.sh).
if(ATTNLAB_BUILD_TESTS)
  add_test(NAME package_deb_installs_and_runs
    COMMAND bash ${PROJECT_SOURCE_DIR}/tests/package/check_package.sh
            ${CMAKE_BINARY_DIR} $<TARGET_FILE:attnlab> ${ATTNLAB_APP_ID} ${PROJECT_VERSION})
  set_tests_properties(package_deb_installs_and_runs PROPERTIES
    ENVIRONMENT QT_QPA_PLATFORM=offscreen TIMEOUT 600)
endif()
