// `ember profile MODEL... [--name NAME] [-o FILE]`: the net profile (cmake/net_profiles/<name>.cmake) a slim
// build needs to run the models (see profile.cpp).
#pragma once

#include <string>

#include "cli.h"

ember::cli::Command AddProfileCommand(CLI::App* app, const std::string& command_line);  // registers `ember profile`
