// marginlab — the data a data=csv link reads from a data folder (data/README.md): which link names such data,
// how errors name it, and the checks of the files' bytes against the folder's manifest and the link's csvhash.
// The command line, the desktop app and the page read a link's data through these, so all three accept and
// refuse the same files with the same words. Which files: csv_file_names (pipeline.h). Reads no file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/data/manifest.h"
#include "core/util/status.h"

namespace ml {

// "data set 'ida/banana/banana' split 3" or "data set 'uci/optdigits.csv'": how errors name what a config reads.
std::string data_set_name(const Config& config);

// True when a data=csv config names files of a data folder: a benchmark split (two files), or a name with a
// folder in it ("uci/optdigits.csv"). A file the user picks is named by its bare file name, so a host reads
// data-folder files without asking and waits for the user's file otherwise. False for generated data.
bool reads_data_folder(const Config& config);

// Checks, before reading them, that the manifest lists every file of `names` (csv_file_names(config)):
// "data.not_in_manifest", naming the data set, the file and `folder` (how the host names its data folder).
Status check_listed(const Config& config, const DataManifest& manifest, const std::vector<std::string>& names,
                    std::string_view folder);

// Checks the bytes of the files a config reads (`names` from csv_file_names(config), `texts` in the same order):
// each against the manifest when there is one ("data.not_in_manifest", "data.hash_mismatch"), and a single
// file against the link's csvhash when it records one ("data.csv_hash"). Errors name the data set, the file and
// `folder`.
Status check_data_files(const Config& config, const DataManifest* manifest, std::string_view folder,
                        const std::vector<std::string>& names, const std::vector<std::string_view>& texts);

}  // namespace ml
