// `ember profile MODEL... [--name NAME] [-o FILE]`: the net profile (cmake/net_profiles/<name>.cmake) a slim
// build needs to run the models (see profile.cpp).
#pragma once

int ProfileMain(int argc, char** argv);  // argv[1] == "profile"
