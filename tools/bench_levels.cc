// The built-in benchmark levels, copied verbatim (titles and credits kept)
// from the collections in the project's shared levels: Microban by David W.
// Skinner (freely distributable with credit) and Boxoban hard by DeepMind
// (Apache License 2.0). The Microban levels were picked because the solver
// finishes each in well under 0.2 s, except the last, 93, which only the
// forward and backward searches together solve within the budget; the
// Boxoban ones are harder 10x10 levels.
#include "tools/bench_levels.h"

#include <string>

namespace sokoban::tools {
namespace {

constexpr std::string_view kMicroban = R"xsb(; Microban (selection), by David W. Skinner.
; "These sets may be freely distributed provided they remain properly credited." (D. W. Skinner)
; Titles are the level numbers in Microban (155 puzzles, revised April 2000).

; 16
 ####
 #  ####
 #     ##
## ##   #
#. .# @$##
#   # $$ #
#  .#    #
##########

; 69
####  ####
#  ####  #
#  #  #  #
#  #    $##
#  . .#$  #
#@ ## # $ #
#   . #   #
###########

; 74
 ####
 #  #######
 #$ @#   .#
## #$$   .#
#  $  ##..#
#   # #####
###   #
  #####

; 80
####
#  #######
#  . ## .#
# $#    .#
## ## # .#
 #    #  #
 #### #  #
  # @$ ###
  # $$ #
  #    #
  ######

; 83
######
#    ##
# $ $ ##
## $$  #
 # #   #
 # ## ##
 #  . .#
 # @. .#
 #  ####
 ####

; 84
########
#  ... #
#  ### ##
#  # $  #
## #@$  #
 # # $  #
 # ### #####
 #         #
 #   ###   #
 ##### #####

; 87
     ####
######  #
#       #
#  ... .#
##$######
# $  #
#   $###
##  $  #
 ## @  #
  ######

; 88
     ####
 # ###  #
 # #    #
 # #  # #
 # #$ #.#
 # #  # # #
 # #$ #.# #
   #  # # #
####$ #.# #
# @     # #
#   #  ## #
########

; 89
##########
#   ##   #
# $  $@# #
#### # $ #
   #.#  ##
 # #.# $#
 # #.   #
 # #.   #
   ######

; 100
#######
# @#  #
#.$   #
#. # $##
#.$#   #
#. # $ #
#  #   #
########

; 102
###########
#....#    #
#  #   $$ #
#  @  ##  #
#     ##$ #
######  $ #
     #    #
     ######

; 113
   #####
  ##   #
###  # #
#    . #
#  ## #####
#  . . #  ##
#  # @ $   ###
#####. #  $  #
    ####  $  #
       ## $ ##
        #  ##
        #  #
        ####

; 120
      ####
#######  #
# $      ##
# $#####  #
#  @#  #  #
## ##..   #
#  # ..####
# $  ###
# $###
#  #
####

; 121
 ######
 # .  #
##$.# #
#  *  #
# ..###
##$ # #####
## ## #   #
#  #### # #
#   @ $ $ #
##  #     #
 ##########

; 123
########
#      #
# $ $$ ########
##### @##. .  #
    #$  # .   #
    #   #. . ##
    #$# ## # #
    #        #
    #  ###  ##
    #  # ####
    ####

; 125
      #####
      #   ##
      # $  #
######## #@##
# .  # $ $  #
#        $# #
#...#####   #
#####   #####

; 126
 ###########
##.......  #
# $$$$$$$@ #
#   # # # ##
# # #     #
#   #######
#####

; 129
  #########
### @ #   #
# * $ *.. #
#   $ #   #
####*#  ###
 #     ##
 #   ###
 #####

; 135
#######
#     #####
# $$#@##..#
# #       #
#  $ # #  #
#### $  ..#
   ########

; 137
       ####
      ##  ###
####  #  $  #
#  #### $ $ #
#   ..# #$  #
#  #   @  ###
## #..# ###
 # ## # #
 #      #
 ########

; 141
  ########
  #  # . #
  #   .*.#
  #  # * #
####$##.##
#      $ #
# $ ## $ #
#   @#   #
##########

; 142
  ####
  #  #
  #  ####
###$.$  #
#  .@.  #
#  $.$###
####  #
   #  #
   ####

; 145
   #####
   # @ #
  ##   ##
###.$$$.###
#  $...$  #
#  $.#.$  #
#  $...$  #
###.$$$.###
  ##   ##
   #   #
   #####

; 147 'reduction of (Mas Sasquatch 7)'
       #####
########   #
#.   .  @#.#
#  ###     #
## $  #    #
 # $   #####
 # $#  #
 ## #  #
  #   ##
  #####

; 148 'from (Original 18)'
###########
#  .  #   #
# #.  @   #
#  #..# #######
##  ## $$ $ $ #
 ##           #
  #############

; 93
 #########
##   #   ##
#    #    #
#  $ # $  #
#   *.*   #
####.@.####
#   *.*   #
#  $ # $  #
#    #    #
##   #   ##
 #########

)xsb";

constexpr std::string_view kBoxoban =
    R"xsb(; Boxoban hard 000 (selection), DeepMind, 2018: github.com/deepmind/boxoban-levels, hard/000.txt.
; Apache License 2.0. "An investigation of Model-free planning: boxoban levels".
; Titles are the 0-based level numbers in that file.

; 107
##########
#  .#    #
# $    $ #
# .## @ ##
# ### $###
# ###. ###
#  ## ####
# $##  ###
#    .  ##
##########

; 108
##########
#####    #
#####$#  #
## #@ #$ #
# .#   $ #
#      $ #
#  #  .  #
#  #  ####
# . . ####
##########

; 113
##########
# .   ####
#  $. ####
#### #####
#### #####
#### ### #
#.     $@#
#    $ $ #
#  ## . ##
##########

; 221
##########
######## #
####@ ## #
#### $   #
##### $  #
####  #..#
#### $$  #
#### .  .#
##########
##########

; 294
##########
#####. . #
##@$    ##
## $ $$# #
#####  # #
####  # .#
####     #
#####   .#
######## #
##########

)xsb";

}  // namespace

const std::vector<BenchSet>& BenchSets() {
  // Both sets in one: the default.
  static const std::string standard = std::string(kMicroban) + std::string(kBoxoban);
  static const std::vector<BenchSet> sets = {
      {"standard", "26 Microban levels, then 5 Boxoban hard levels", standard},
      {"microban", "26 Microban levels", kMicroban},
      {"boxoban", "5 Boxoban hard levels (10x10, 4 boxes)", kBoxoban},
  };
  return sets;
}

}  // namespace sokoban::tools
