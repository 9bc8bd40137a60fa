## The result of a game: a title and a reason. $side is "light" or "dark".

ending-draw = Draw
ending-you-win = You win!
ending-computer-wins = The computer wins
ending-friend-wins = Your friend wins
ending-opponent-wins = Your opponent wins
ending-side-wins = { $side ->
       *[light] Light wins!
        [dark] Dark wins!
    }
# $side is the winner.
ending-throne = { $side ->
       *[light] Light's queen holds the throne, ringed by all six of Light's guards.
        [dark] Dark's queen holds the throne, ringed by all six of Dark's guards.
    }
# $side is the loser, in the next three.
ending-forfeit = { $side ->
       *[light] Light filled the throne ring without Light's queen on the throne, and forfeits.
        [dark] Dark filled the throne ring without Dark's queen on the throne, and forfeits.
    }
ending-no-moves = { $side ->
       *[light] Light had no legal action left.
        [dark] Dark had no legal action left.
    }
ending-resigned = { $side ->
       *[light] Light resigned.
        [dark] Dark resigned.
    }
ending-repetition = The same position occurred for the third time.
ending-agreed = The players agreed a draw.
ending-adjudicated = The game was stopped and called a draw.
ending-time = { $side ->
       *[light] Light's time ran out.
        [dark] Dark's time ran out.
    }
ending-abandoned = { $side ->
       *[light] Light left the game for too long.
        [dark] Dark left the game for too long.
    }

## The status line: whose turn it is and what to do.
## $who is "you" (one person at the screen), "light" or "dark".

status-computer-thinking = The computer is thinking…
status-computer-to-move = The computer's move
status-friend = { $side ->
       *[light] Your friend's turn (Light): send them your move, then open the link they send back.
        [dark] Your friend's turn (Dark): send them your move, then open the link they send back.
    }
status-opponent = { $side ->
       *[light] Your opponent's turn (Light).
        [dark] Your opponent's turn (Dark).
    }
status-watching = { $side ->
       *[light] Light to move. You are watching.
        [dark] Dark to move. You are watching.
    }
status-relocate-queen = { $who ->
       *[you] Your queen was captured: relocate her to any empty cell, the throne included.
        [light] Light's queen was captured: relocate her to any empty cell, the throne included.
        [dark] Dark's queen was captured: relocate her to any empty cell, the throne included.
    }
status-relocate-guard = { $who ->
       *[you] Your turn
        [light] Light's turn
        [dark] Dark's turn
    }: { $count ->
        [one] relocate the captured guard to an empty cell of the outer ring.
       *[other] relocate one of the { $count } captured guards to an empty cell of the outer ring.
    }
status-your-turn = { $who ->
       *[you] Your turn
        [light] Light's turn
        [dark] Dark's turn
    }: pick up a piece, then a highlighted cell.

## What happens, in words, for the panel and screen readers.
## $whose and $mover are "you" (the one person at the screen), "light" or
## "dark"; $piece is "queen" or "guard"; cells are names like f1.

# "a1, b2 and c3": $rest is the list but the last, joined by commas.
list-and = { $rest } and { $last }
say-step = { $whose ->
        [you] Your
       *[light] Light's
        [dark] Dark's
    } { $piece ->
        [queen] queen
       *[guard] guard
    } { $from } to { $to }.
say-relocation = { $whose ->
        [you] Your
       *[light] Light's
        [dark] Dark's
    } captured { $piece ->
        [queen] queen
       *[guard] guard
    } comes back from { $from } to { $to }.
say-capture = { $mover ->
        [you] You capture
       *[light] Light captures
        [dark] Dark captures
    } { $whose ->
        [you] your
       *[light] Light's
        [dark] Dark's
    } { $piece ->
        [queen] queen
       *[guard] guard
    } on { $cell }.
say-queen-due = { $whose ->
        [you] Your
       *[light] Light's
        [dark] Dark's
    } queen must come back first: choose any empty cell.
say-guards-due = { $whose ->
        [you] Your
       *[light] Light's
        [dark] Dark's
    } captured { $count ->
        [one] guard
       *[other] guards
    } on { $cells } must come back: choose an empty cell of the outer ring.
say-new-game = A new game.
# $played is "5 actions".
say-back-to = Back to the position after { $played }.
say-to-move = { $side ->
       *[light] Light to move.
        [dark] Dark to move.
    }

## The position in words (D).

position-to-move = { $side ->
       *[light] Light
        [dark] Dark
    } to move, after { $played }.
# $you is "yes" for the side of the one person at the screen.
position-side = { $side ->
       *[light] Light
        [dark] Dark
    }{ $you ->
        [yes] {" "}(you)
       *[no] {""}
    }:
position-queen = queen on { $cell };
position-queen-throne = queen on { $cell }, the throne;
position-guards = { $count ->
        [0] no guards.
        [one] { $count } guard on { $cells }.
       *[other] { $count } guards on { $cells }.
    }
position-captured = Captured, to come back: { $cells }.

## A hint, and why. $why is made of the hint-… parts below, each starting
## with its own punctuation.

hint-sentence = Hint: { $action }, the { $piece ->
        [queen] queen
        [guard] guard
       *[piece] piece
    } on { $from } to { $to }{ $why }.
hint-wins-throne = : it completes the throne ring and wins
hint-wins = : it wins
hint-captures = , capturing the { $piece ->
        [queen] queen
       *[guard] guard
    } on { $cell }
# $ring is the queen's ring after the action: 0 is the throne.
hint-queen-nearer = { $ring ->
        [0] : the queen takes the throne
        [1] : the queen stands next to the throne
       *[other] : the queen comes within { $ring } steps of the throne
    }
hint-exposes = , though it lets { $side ->
       *[light] Light
        [dark] Dark
    } capture on { $cells }

## Why an action is refused, said gently. Cells are names like f1.

refusal-game-over = The game is over.
refusal-no-piece = There is no piece on { $cell }.
refusal-not-yours = The piece on { $cell } belongs to the other side.
refusal-must-relocate = A captured piece must be relocated this turn.
refusal-queen-first = The captured queen must be relocated before any guard.
refusal-occupied = { $cell } is not empty.
refusal-not-adjacent = A step goes to an adjacent cell.
refusal-outward = Pieces never step outward.
refusal-throne = Only a queen may enter the throne.
refusal-intervention = { $cell } lies between two enemy pieces.
refusal-outer-ring = A guard is relocated to the outer ring, and { $cell } is not on it.
# $claimed and $actual are lists of cells, or refusal-no-captures.
refusal-wrong-captures = The action names captures on { $claimed }, but it captures on { $actual }.
refusal-no-captures = none
refusal-nowhere = That piece has nowhere to go.
refusal-other-side = That piece belongs to the other side.
refusal-friends-turn = It is your friend's turn: send them your move.
refusal-computers-turn = Wait for the computer's move.
refusal-opponents-turn = Wait for your opponent's move.
refusal-watching = You are watching this game.
refusal-puzzle-wait = Wait for the reply.
refusal-not-an-action = “{ $text }” is not an action: write the two cells, like f1-f2.

## Notices about files and links, shown once in a dialog. Where $error
## follows a full stop, it is a sentence of errors.ftl that says why;
## $problem and the $error of a save that failed are the system's or the
## browser's own words.

# $what is "saved-game", "settings", "seats" or "puzzles"; $place where the file was kept.
notice-unreadable-kept = { $what ->
       *[saved-game] Your saved game could not be read. It was kept as { $place } and not used.
        [settings] Your settings could not be read. They were kept as { $place } and not used.
        [seats] Your seats in online games could not be read. They were kept as { $place } and not used: a seat's claim code takes it back.
        [puzzles] Your puzzle rating and streak could not be read. They were kept as { $place } and not used: a new record starts.
    } { $error }
notice-unreadable-left = { $what ->
       *[saved-game] Your saved game could not be read, nor set aside ({ $problem }). It was left as it is.
        [settings] Your settings could not be read, nor set aside ({ $problem }). They were left as they are.
        [seats] Your seats in online games could not be read, nor set aside ({ $problem }). They were left as they are.
        [puzzles] Your puzzle rating and streak could not be read, nor set aside ({ $problem }). They were left as they are.
    } { $error }
notice-save-failed = The game could not be saved: { $error }.
notice-settings-failed = Your settings could not be saved: { $error }.
notice-puzzles-failed = Your puzzle rating could not be saved: { $error }.
notice-seats-failed = Your seat in the online game could not be kept on this device ({ $error }): note its claim code.
notice-link-failed = The link could not be opened. { $error }
notice-address-failed = The link in the address could not be opened. { $error }
notice-load-failed = { $path } could not be loaded. { $error }
# $index counts from 1.
notice-play-failed = --play: action { $index }, “{ $action }”, was not played. { $error }

## Browsing the game.

# $played is "3 actions", $total how many the game has.
status-browsing = The position after { $played }, of { $total }: End or “Back to the game” returns.
# In a variation: $total is its length, with the game's actions before it.
status-variation = A variation: the position after { $played }, of { $total }. End returns to the game.
variation-promote-hover = Make this line the game; the game's own line becomes a variation
variation-delete-hover = Delete this variation
say-browsing = The position after { $played }.
say-back-to-game = Back to the game.
refusal-browsing = An earlier position is on the board: go back to the game (End) to play.
