## About.

about-version = version { $version }
about-history = Agon, also sold as Queen's Guard, is an abstract strategy game for two players published in London in 1842: the oldest known board game played on hexagonal cells. Each side commands a queen and six guards on a board of 91 hexagons in six rings around a central throne. Pieces move only sideways or inwards, never outwards, so every turn brings the race closer to the centre; the first to seat their queen on the throne, ringed by all six guards, wins.
about-this-version = This version follows the rules clause by clause, with a decision recorded for each place where the original text is ambiguous (RULES.md, shipped with the source).
about-licence = Free software under the MIT or Apache 2.0 licence, at your option. Built with Rust, Bevy, egui and kira.

## The keys dialog (?): each key or gesture, and what it does.

keys-click-piece = Click a piece
keys-click-piece-what = pick it up: dots show where it may go, red rings a capture
keys-click-dot = Click a dot
keys-click-dot-what = move the piece there
keys-arrows = Arrows
keys-arrows-what = move the cell cursor on the board
keys-tab = Tab
keys-tab-what = the cursor to your next piece; past the last, the panel's buttons
keys-enter = Enter, Space
keys-enter-what = pick up the piece under the cursor, or put it down there
keys-slash = /
keys-slash-what = type an action, like f1-f2, then Enter
keys-esc = Esc
keys-esc-what = put the piece down; close a dialog, the notices or the result; leave the panel
keys-d = D
keys-d-what = the position in words: every piece by its cell
keys-ctrl-z = Ctrl+Z
keys-ctrl-z-what = undo your last action
keys-ctrl-y = Ctrl+Y
keys-ctrl-y-what = redo what was undone
keys-h = H
keys-h-what = a hint: a good action, shown on the board
keys-a = A
keys-a-what = analysis: the computer's view of the position, where it is allowed
keys-r = R
keys-r-what = reset the view
keys-right-drag = Right-drag
keys-right-drag-what = turn the board
keys-wheel = Wheel
keys-wheel-what = zoom
keys-copy-paste = Ctrl+C, Ctrl+V
keys-copy-paste-what = copy and paste in the record boxes
keys-question = ?
keys-question-what = this list
keys-home-end = Home, End
keys-home-end-what = the start of the game; back to the game
keys-left-right = ←, → over the actions
keys-left-right-what = one action back or forward; click an action to see the position after it

## Dialog titles.

dialog-rules = How to play
dialog-records = Game records
dialog-resign = Resign?
dialog-discard = Discard your game?
dialog-leave-online = Leave the game online?
dialog-about = About Agon
dialog-keys = Keys
dialog-position = The position in words
notices = Please note
ok = OK

## Resigning, and the question before a game is thrown away.

resign-question = The game ends and your opponent wins.
resign-play-on = Play on
# $game is a game in a few words ("vs computer, Easy"), $played "5 actions".
discard-saved = Your saved game ({ $game }, { $played } played) will be lost.
discard-in-progress = The game in progress ({ $game }, { $played } played) will be lost.
discard-keep = Keep my game
discard-it = Discard it
discard-online = You leave your game online ({ $played } played). Your clock runs on, and your opponent may claim the win if you stay away; its link brings you back.
discard-online-it = Leave it

## A new game against the computer.

new-game-side = Your side
new-game-light = Light (moves first)
new-game-random = Random
new-game-random-hover = Drawn anew for every game
new-game-level = Level
new-game-start = Start
new-game-pass-and-play = Pass and play instead
new-game-watch = Watch
new-game-watch-hover = The computer plays itself at this level

## Settings.

settings-language = Language
settings-language-system = The system's
settings-volume = Volume
settings-effects = Effects
settings-music = Music
settings-mute = Mute
settings-animations = Animations
animation-off = Off
animation-fast = Fast
animation-normal = Normal
animation-slow = Slow
settings-coordinates = Coordinates
settings-show-cell-names = Show cell names
settings-view-from = View from
settings-auto = Auto
settings-view-auto-hover = Your side against the computer; the side to move in pass-and-play
settings-theme = Theme
theme-classic = Classic
theme-high-contrast = High contrast
theme-colour-safe = Colour-blind safe
settings-graphics = Graphics
graphics-high = High
graphics-low = Low
# What Auto draws with now: $now is "high" or "low".
settings-graphics-auto-now = Auto ({ $now ->
       *[high] high
        [low] low
    })
settings-graphics-auto-hover = High, unless this machine draws too slowly
settings-graphics-high-hover = Smooth edges and soft shadows
settings-graphics-low-hover = No smoothing, no shadows, simpler light: for slow machines
settings-threads = Computer's threads
settings-threads-auto = Auto ({ $threads })
settings-threads-hover = How many processor cores Master and the hints think on at once. Auto leaves one core for drawing the game.
settings-camera = Camera
settings-reset-view = Reset view
settings-reset-view-hover = Right-drag turns the board, the wheel zooms, R resets

## The result of a game.

game-over = Game over
game-over-after = after { $played }
game-over-next-level = Play the next level: { $level }
game-over-again = Play again
game-over-look = Look at the board

## How to play: the rules in short.

rules-goal = The goal
rules-goal-text = Put your queen on the throne, the golden centre cell, with your six guards on the six cells around it. Light moves first.
rules-moving = Moving
rules-moving-text = Each turn, move one of your pieces to a neighbouring empty cell on the same ring or one ring closer to the throne. Never outward, never a jump. Only a queen may enter the throne.
rules-intervention = No intervention
rules-intervention-text = You may never move a piece onto a cell that lies directly between two enemy pieces on a straight line.
rules-capture = Capture
rules-capture-text = When your piece arrives next to an enemy that has one of your pieces directly beyond it on the same line, that enemy is captured. It stays where it is, lying down and out of play.
rules-relocation = Relocation
rules-relocation-text = While you have captured pieces, your turn is to relocate one of them: a guard to any empty cell of the outer ring, the queen to any empty cell at all (the throne too). The queen goes first.
rules-end = The end
rules-end-text = Throne: your queen on the throne and your six guards around it, and you win. Forfeit: if your six guards fill the ring while your queen is not on the throne, you lose. A player with no legal action loses. The third repetition of a position is a draw.
rules-controls = Controls
rules-controls-text = Click a piece to pick it up: dots show where it may go, red rings where it would capture. Click a dot to move. Esc puts the piece down or closes a dialog. Right-drag turns the board, the wheel zooms, R resets the view. Ctrl+Z undo, Ctrl+Y redo, H hint, ? every key.

## Game records: export, import, files.

records-export = Export
records-copy-record = Copy record
records-copy-record-hover = The whole game as JSON
records-record-copied = The record was copied to the clipboard.
records-copy-position = Copy position
records-copy-position-hover = The position on the board, as AFN
records-position-copied = The position (AFN) was copied to the clipboard.
records-copy-link = Copy link
records-copy-link-hover = A web address that opens this game
records-link-copied = The link was copied to the clipboard.
records-download = Download
records-save = Save to a file
records-save-failed = Could not save: { $error }
records-saved-as = Saved as { $path }
records-downloaded-as = Downloaded as { $name }
records-download-refused = the browser refused the download: { $error }
records-folder-full = { $folder } holds 1000 records of today already
records-import = Import
records-import-help = Paste (Ctrl+V) a game record, a position (AFN), a list of actions such as "1. f1-f2 f11-f10" or a link to a game, or drop a file on the window.
records-open = Open
records-open-file = Open a file…
records-not-loaded = Not loaded. { $error }
records-file-not-loaded = { $name } was not loaded. { $error }
records-the-file-picker = The file picker

## Playing a friend by link.

friend-link-help = The link below is on your clipboard. Send it to your friend (by message or mail): it opens the game at your move, for them to reply. When their link comes back, open it, or paste it below.
friend-link-fair-play = Friendly play: the rules check every action, but nothing stops a player from editing a link.
friend-copy-again = Copy again
friend-copied-again = Copied again.

## The computer's review of a finished game. $side is "light" or "dark";
## $loss and $chance are percentages (numbers without the % sign).

review = Review
review-hover = The computer judges every action of the game
review-working = The computer is going through the game…
review-summary = { $side ->
       *[light] Light
        [dark] Dark
    }: { $inaccuracies ->
        [one] 1 inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] 1 mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] 1 blunder
       *[other] { $blunders } blunders
    }; on average { $loss }% of the winning chance lost per action.
review-graph-hover = Light's winning chance over the game: click to see that position
review-pick = Click an action, or the graph, to see it judged.
review-action = { $number }. { $action } ({ $side ->
       *[light] Light
        [dark] Dark
    }): Light's winning chance after it { $chance }%.
# $why is the rules' reasons, each part with its punctuation (", though it
# lets Dark capture on e4"), or nothing.
review-marked = { $mark }{ $why }: { $loss }% of the winning chance lost.
review-better = Better: { $action }{ $why }.
mark-inaccuracy = An inaccuracy
mark-mistake = A mistake
mark-blunder = A blunder

## The board editor: any position, set up piece by piece.

editor = Set up a position
editor-open = Set up…
editor-open-hover = Set up any position, starting from the one on the board, then play it or analyse it
editor-help = Pick a piece, then click cells to place it; click it again to take it off.
editor-light-queen = Light queen
editor-light-guard = Light guard
editor-dark-queen = Dark queen
editor-dark-guard = Dark guard
editor-capture = Captured
editor-capture-hover = Click a piece to take it out of play (captured, waiting to be relocated), or to put it back in play
editor-remove = Take off
editor-to-move = To move:
editor-start = The start
editor-clear = Empty board
editor-ok = The rules accept this position.
# $reason is the ending's own sentence (the endings of words.ftl).
editor-over = The rules accept this position, and the game is over in it: { $reason }

## Play online: create a game, join one by its link, play anyone, take a
## seat back.

dialog-online = Play online
online-create = Create a game
online-side = Your side:
online-clock = Clock:
online-no-clock = No clock
# Minutes for each side, and seconds added after each action: 5 + 3.
online-clock-value = { $minutes } + { $increment }
online-listed = Anyone may join it from the list of open games
online-create-button = Create
online-join = Join by link
online-join-hint = a link, or a room
online-join-button = Join
online-anyone = Play anyone
online-seek = Find an opponent
online-seek-hover = You play the first person who asks for the same clock.
online-lobby = Open games
online-lobby-refresh = Refresh
online-lobby-empty = No game is open right now.
# $side is the side you would play; $clock like 5 + 3; $minutes since it opened.
online-lobby-game = { $side ->
       *[light] Light
        [dark] Dark
    }, { $clock }, open for { $minutes } min
online-lobby-join = Play
online-claim = Take back a seat
online-claim-hint = the code from your other device
online-claim-button = Take my seat

## Why the server refused, said gently.

online-refused-unknown-room = There is no such game on the server.
online-refused-bad-token = This device's seat in that game is not known to the server.
online-refused-bad-code = No seat has that code.
online-refused-not-started = The game waits for your opponent.
online-refused-stale = The game moved on meanwhile: here it is as it stands.
online-refused-game-over = The game is over.
online-refused-no-clock = Without a clock, the game waits for your opponent.
online-refused-opponent-present = Your opponent is here.
online-refused-too-early = Your opponent's grace time has not passed yet.
online-refused-busy = Too many requests at once: try again in a moment.
online-refused-internal = The server could not keep that: try again in a moment.
# $detail is the server's own words, in English.
online-refused-other = The server refused: { $detail }

## The Puzzles dialog.

dialog-puzzles = Puzzles
# $rating like 1523 (a ? while still uncertain).
puzzles-record = Your rating: { $rating } · Solved first time: { $solved } of { $tried }
puzzles-record-hover = A ? after the rating means it is still settling: it moves quickly over your first puzzles.
puzzles-daily = Today's puzzle
puzzles-daily-hover = The same puzzle for everyone today
puzzles-next = A puzzle for you
puzzles-next-hover = A new puzzle near your rating
puzzles-theme = Theme:
puzzles-play-theme = Play
puzzles-streak = Streak
puzzles-streak-hover = Puzzles in a row, harder as you go: one mistake ends it.
puzzles-streak-best = Your best: { $count }.
puzzle-theme-throne = The throne
puzzle-theme-throne-in = { $count ->
        [one] The throne in one
       *[other] The throne in { $count }
    }
puzzle-theme-capture = Captures
puzzle-theme-relocation = Relocation
puzzle-theme-queen-hunt = Queen hunt
puzzle-theme-defence = Defence
# $id as the link gives it.
puzzle-unknown = There is no puzzle { $id }.
puzzle-none-left = There is no puzzle left to play.
