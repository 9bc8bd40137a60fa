## The side panel during a game.

player-computer = computer · { $level }
player-you = you
player-friend = your friend, by link
player-opponent = your opponent, online
# $queen is "in-play" or "captured"; $guards counts the guards in play,
# $relocate the captured pieces waiting to come back.
pieces-in-play = { $queen ->
        [captured] queen captured
       *[in-play] queen
    }, { $guards ->
        [one] { $guards } guard
       *[other] { $guards } guards
    } in play{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } to relocate
    }
actions-heading = Actions
in-words = In words
in-words-hover = The position in words: every piece by its cell (D)
command-hint = Type an action, like f1-f2  ( / )
no-action-yet = No action yet. Light moves first.
invite-friend = Invite your friend
send-move = Send your move
send-move-hover = Copy a link of the game to send to your friend
undo = Undo
undo-hover = Take back your last action (Ctrl+Z)
redo = Redo
redo-hover = Play again what was taken back (Ctrl+Y)
hint = Hint
hint-hover = Show a good action (H)
resign = Resign
new-game = New game
menu = Menu
rules = Rules
settings = Settings
record = Record
record-hover = Export or import a game record
result = Result

## A lesson of the tutorial, in the side panel.

lesson-count = Lesson { $n } of { $of }
lesson-retry = That move is legal, but not the one this lesson asks for.
lesson-back = Back
lesson-again = Try again
lesson-finish = Finish
lesson-next = Next
lesson-leave = Leave the tutorial
lesson-leave-hover = Back to the menu and the game you left

## The main menu.

menu-resume = Resume game
# $game is a game in a few words ("vs computer, Easy"), $played "5 actions".
menu-resume-hover = { $game }, { $played } played
menu-continue = Continue game
menu-play-computer = Play the computer
menu-pass-and-play = Pass and play
menu-pass-and-play-hover = Two players, one screen
menu-analysis = Analysis board
menu-analysis-hover = Both sides are yours, and the computer shows its view of every position
menu-friend = Play a friend by link
menu-friend-hover = Take turns by sending each other a link: no account, no server
menu-online = Play online
menu-online-hover = Play someone elsewhere, live: by a link you send, or anyone who is waiting
menu-puzzles = Puzzles
menu-puzzles-hover = Positions from real games with one way on: today's, near your rating, by theme, or in a streak
menu-learn = Learn to play
menu-learn-hover = Eight short lessons, one rule each; your game waits
menu-load-record = Load a game record
about = About
quit = Quit

## The phone's strip under the board.

# Like pieces-in-play, shorter: "queen, 6 guards · 1 to relocate".
pieces-short = { $queen ->
        [captured] queen out
       *[in-play] queen
    }, { $guards ->
        [one] { $guards } guard
       *[other] { $guards } guards
    }{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } to relocate
    }
more = More…

## Going through the game: the board shows an earlier position, the game
## goes on unchanged.

browse-back = One action back (← over the list)
browse-forward = One action forward (→ over the list)
browse-back-to-game = Back to the game
browse-back-to-game-hover = The position of the game now (End)

## Analysis: the computer's view of the position on the board.

analysis = Analysis
analysis-hover = The computer's view of the position on the board: who stands better, and the best line, as arrows and in words.
analysis-closed = Analysis opens when the game is over, and in pass-and-play or watching the computer: not while you play the computer or a friend.
# $depth is how many actions ahead the computer has looked.
analysis-depth = depth { $depth }
analysis-starting = The computer is looking…
analysis-nothing = No action is left to play here.
# $line is a list of actions, like "f1-f2 f11-f10 f2-f3".
analysis-best-line = Best line: { $line }
# $count is a number of actions (each side's turn is one).
analysis-wins-in = { $side ->
       *[light] Light wins in { $count ->
            [one] one action
           *[other] { $count } actions
        }
        [dark] Dark wins in { $count ->
            [one] one action
           *[other] { $count } actions
        }
    }
# $percent is from 0 to 100.
analysis-chance = Light's chance: { $percent }%
# $score is the computer's measure, positive when Light stands better.
analysis-score = Score: { $score } (for Light)

## An online game in the panel. Clocks show minutes and seconds.

online-connecting = Connecting to the server…
# $seconds until the next try.
online-retrying = The connection is lost: trying again in { $seconds } s.
online-connected = Connected again.
online-waiting = Waiting for your opponent. Send them this link:
online-copy-link = Copy the link
online-link-copied = Copied.
online-opponent-here = Your opponent is here.
online-opponent-away = Your opponent is away.
online-watchers = { $count ->
        [one] 1 person watches.
       *[other] { $count } people watch.
    }
# $code is eight letters and digits, like K7QM-3XTP.
online-claim-code = This seat on another device: { $code }
online-claim-code-hover = Under Play online, Take back a seat, this code moves your seat in this game to another device.
online-offer-draw = Offer a draw
online-draw-offered = You offered a draw.
online-draw-offer = Your opponent offers a draw.
online-accept-draw = Accept
online-decline-draw = Decline
online-claim-win = Claim the win
online-claim-win-hover = Your opponent is away. In a game with a clock, the win is yours once their grace time has passed.
online-rematch = Rematch
online-rematch-offered = You asked for a rematch.
online-rematch-offer = Your opponent asks for a rematch.
online-accept-rematch = Play the rematch
online-leave = Leave
online-leave-hover = Leave this game and go back to the menu

## A puzzle in the panel. $side is the side to play: light or dark.

# $rating is the puzzle's.
puzzle-title = Puzzle, rated { $rating }
# $count is how many of the solver's own actions.
puzzle-goal-throne = { $side ->
       *[light] Light to play: win on the throne in { $count ->
            [one] one action.
           *[other] { $count } actions.
        }
        [dark] Dark to play: win on the throne in { $count ->
            [one] one action.
           *[other] { $count } actions.
        }
    }
puzzle-goal-defend = { $side ->
       *[light] Light to play: find the only action that does not lose.
        [dark] Dark to play: find the only action that does not lose.
    }
puzzle-goal-queen = { $side ->
       *[light] Light to play: capture the queen.
        [dark] Dark to play: capture the queen.
    }
puzzle-goal-material = { $side ->
       *[light] Light to play: win pieces for good.
        [dark] Dark to play: win pieces for good.
    }
puzzle-your-move = Your move.
puzzle-try-again = Try again.
puzzle-solved = Solved!
# $cell like e4.
puzzle-hint-said = Hint: the piece on { $cell } moves.
puzzle-solution-said = The solution: { $action }.
# $rating like 1523 (a ? while still uncertain); $change like +12 or -8.
puzzle-rating = Your puzzle rating: { $rating } ({ $change })
# $count in the streak now; $best the record.
puzzle-streak-now = Streak: { $count } in a row (best { $best })
puzzle-hint = Hint
puzzle-solution = Solution
puzzle-next = Next puzzle
puzzle-analyse = Open in analysis
puzzle-leave = Leave the puzzles

## What a wrong action would allow. $side is the side that would answer;
## $action its answer, like e6-f6.

puzzle-wrong-throne = { $side ->
       *[light] This lets Light's queen reach the throne: { $action }.
        [dark] This lets Dark's queen reach the throne: { $action }.
    }
puzzle-wrong-throne-in = { $side ->
       *[light] This lets Light win on the throne in { $count ->
            [one] one action
           *[other] { $count } actions
        }, starting with { $action }.
        [dark] This lets Dark win on the throne in { $count ->
            [one] one action
           *[other] { $count } actions
        }, starting with { $action }.
    }
puzzle-wrong-queen = { $side ->
       *[light] This lets Light capture your queen: { $action }.
        [dark] This lets Dark capture your queen: { $action }.
    }
puzzle-wrong-pieces = { $side ->
       *[light] This lets Light capture { $count ->
            [one] a piece
           *[other] { $count } pieces
        }: { $action }.
        [dark] This lets Dark capture { $count ->
            [one] a piece
           *[other] { $count } pieces
        }: { $action }.
    }
puzzle-wrong-forfeit = This completes the ring without your queen on the throne: you would forfeit.
puzzle-wrong-advantage = This lets the win slip away.
