## Why a position, an action, a game record, a pasted text or a link cannot
## be read. Each is a whole sentence, said after one that tells what failed
## ("The link could not be opened. The game code is empty.").
## Quoted text ($found, $text, $run, $char, $escape, $name) is what the
## player gave, as they gave it. Actions are counted from 1.

## Cells.

error-cell = “{ $name }” is not a cell of the board (its files are a to l without j, its ranks count from 1).

## Positions (AFN): the board, the side to move and the captured pieces, in
## three parts. A file is a line of cells, from a to l.

error-afn-fields = A position has three parts (the board, the side to move, the captured pieces) separated by single spaces, but this one has { $found }.
error-afn-files = The board has 11 files separated by “/”, but this one has { $found }.
error-afn-file-length = File { $file } has { $expected } cells, but the position describes { $found }.
error-afn-character = “{ $char }” in file { $file } is neither a piece (Q, G, q, g) nor a number of empty cells.
error-afn-run = “{ $run }” in file { $file } is not a number of empty cells.
error-afn-run-too-long = File { $file } has { $cells } cells, fewer than the { $run } empty cells it is given.
error-afn-queens = { $side ->
       *[light] Light has more than one queen.
        [dark] Dark has more than one queen.
    }
error-afn-guards = { $side ->
       *[light] Light has more than six guards.
        [dark] Dark has more than six guards.
    }
error-afn-guard-on-throne = A guard stands on the throne, f6, where only a queen may stand.
error-afn-side = The side to move is “l” (Light) or “d” (Dark), not “{ $found }”.
# $error is error-cell.
error-afn-captured-cell = Among the captured pieces: { $error }
error-afn-captured-empty = { $cell } is marked captured, but no piece stands there.
error-afn-captured-twice = { $cell } is marked captured twice.

## Actions, as text.

error-action-form = “{ $text }” is not an action: an action names two cells, like f1-f2.
# $error is error-cell.
error-action-cell = In the action “{ $text }”: { $error }
error-action-same-cell = “{ $text }” is not an action: it starts and ends on the same cell.
# $number counts from 1; $error is what is wrong with the action (a rule it
# breaks, said as on the board, or its text).
error-action-at = Action { $number }, “{ $text }”, cannot be played. { $error }

## Game records and pasted text.

# $detail is the JSON reader's own description, in English.
error-record-json = This is not a game record that can be read ({ $detail }).
error-record-format = This is not an Agon game record: its format is “{ $found }”.
error-record-version = This game record is of version { $found }, and this game reads version { $known }.
# $error is one of the error-afn- messages.
error-record-start = The game record's start position is impossible. { $error }
# $stored is the ending the record gives, $actual where its actions lead:
# each a sentence of their own (the endings of words.ftl), or the next two.
error-record-result = The game record gives a result its actions do not lead to. It says: { $stored } Its actions lead to: { $actual }
error-no-result = no result.
error-in-progress = a game still in progress.
error-import-empty = There is nothing to read.
# $error is one of the error-afn- messages.
error-import-position = This is not a position that can be read. { $error }

## Links and game codes. A game code is the text after game= in a link.

error-link-too-long = The link is too long: { $bytes } bytes, where { $most } at most are read.
error-code-too-long = The game code is too long: { $bytes } bytes, where { $most } at most are read.
# $at counts bytes from 0, as the link is written.
error-link-escape = “{ $escape }” at byte { $at } is not an escape: “%” is followed by two hexadecimal digits.
error-link-not-utf8 = The escaped text at byte { $at } is not text.
error-code-character = “{ $char }” at byte { $at } cannot be part of a game code (only A to Z, a to z, 0 to 9, - and _ can).
error-code-partial = The game code has a character too many or too few: it was cut short or added to.
error-code-empty = The game code is empty.
error-code-version = The game code is of version { $found }, and this game reads version { $known }.
error-code-cut-start = The game code ends in the middle of its start position.
error-code-cut-count = The game code ends before it says how many actions it holds.
error-code-cut-action = The game code ends in the middle of action { $number }.
error-code-standard-start = The game code gives the usual start as a position of its own, which no game code does.
# $error is one of the error-afn- messages.
error-code-start = The game code's start position is impossible. { $error }
error-code-actions = The game code holds more than { $most } actions.
error-code-out-of-range = Action { $number } of the game code is not one of the actions that can be played there.
# $reason is the ending's own sentence (the endings of words.ftl).
error-code-after-end = Action { $number } of the game code comes after the end of the game. { $reason }
# $reason is a rule the action breaks, said as on the board.
error-code-illegal = Action { $number } of the game code cannot be played. { $reason }
error-code-stray-bits = The game code has something left over after its last action.
# $error is one of the error-afn- messages.
error-link-position = The position in the link is impossible. { $error }
# $key is a part of the link, as written in it: game, afn, mode, side or level.
error-link-twice = The link gives { $key }= twice.
error-link-game-and-position = The link gives both a game (game=) and a position (afn=).
error-link-nothing = The link holds neither a game (game=) nor a position (afn=).
error-link-mode = The link's mode=“{ $found }” is not one of vs-computer, pass-and-play, watch or remote.
error-link-side = The link's side=“{ $found }” is neither light nor dark.
error-link-level = The link's level=“{ $found }” is not one of beginner, easy, medium, hard or master.

## Files.

error-file-missing = { $path } does not exist.
# $detail is the system's or the browser's own description, in English.
error-file-unreadable = The file cannot be read ({ $detail }).
# $detail is the JSON reader's own description, in English.
error-settings-json = The settings cannot be read ({ $detail }).
error-settings-volume = A volume is outside 0 to 1.
error-settings-threads = The computer's threads ({ $threads }) are more than { $most }.
error-link-online = This is a link to an online game: open it with Play online, Join by link.
# $found as the link gives it.
error-link-room = “{ $found }” is not an online game (8 to 64 letters, digits, - or _).
# $detail is the JSON reader's own description, in English.
error-seats = The seats cannot be read ({ $detail }).
error-link-puzzle = This is a link to a puzzle, not to a game.
# $detail is the JSON reader's own description, in English.
error-puzzles = The puzzle record cannot be read ({ $detail }).
