## Words used all over the game.

side-light = Light
side-dark = Dark

level-beginner = Beginner
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-master = Master
level-beginner-about = Goes for the throne but looks only at its own action: it leaves pieces to be captured and now and then misses a capture. Start here.
level-easy-about = Sees your reply and the captures after it, but no further, and overlooks a move now and then. Scores about four games in five against Beginner.
level-medium-about = Looks three actions ahead and sees every capture that follows. Scores about four games in five against Easy.
level-hard-about = Looks five actions ahead and hardly ever errs. Scores more than four games in five against Medium.
level-master-about = Thinks for two seconds and plays its very best.

# A number of actions (moves and relocations) played.
actions = { $count ->
        [one] { $count } action
       *[other] { $count } actions
    }

mode-pass-and-play = pass and play
mode-watch = computer vs computer, { $level }
mode-vs-computer = vs computer, { $level }
mode-remote = a friend by link
mode-online = a game online
mode-puzzle = a puzzle

# The title over the menu and in About.
game-name = AGON
game-subtitle = Queen's Guard · London, 1842
