## About.

about-version = versjon { $version }
about-history = Agon, også solgt som Queen's Guard (Dronningens vakt), er et abstrakt strategispill for to spillere, utgitt i London i 1842: det eldste kjente brettspillet som spilles på sekskantede felter. Hver side rår over én dronning og seks vakter på et brett med 91 sekskanter i seks ringer rundt en trone i midten. Brikkene går bare sidelengs eller innover, aldri utover, så hver tur bringer kappløpet nærmere midten; den første som setter dronningen sin på tronen, omringet av alle seks vaktene, vinner.
about-this-version = Denne versjonen følger reglene ledd for ledd, med en nedtegnet avgjørelse for hvert sted der originalteksten er tvetydig (RULES.md, som følger med kildekoden).
about-licence = Fri programvare under MIT- eller Apache 2.0-lisensen, etter ditt valg. Laget med Rust, Bevy, egui og kira.

## The keys dialog (?): each key or gesture, and what it does.

keys-click-piece = Klikk på en brikke
keys-click-piece-what = plukk den opp: prikker viser hvor den kan gå, røde ringer viser en fangst
keys-click-dot = Klikk på en prikk
keys-click-dot-what = flytt brikken dit
keys-arrows = Piltaster
keys-arrows-what = flytt feltmarkøren på brettet
keys-tab = Tab
keys-tab-what = markøren til din neste brikke; etter den siste, til panelets knapper
keys-enter = Enter, mellomrom
keys-enter-what = plukk opp brikken under markøren, eller sett den ned der
keys-slash = /
keys-slash-what = skriv et trekk, f.eks. f1-f2, og trykk så Enter
keys-esc = Esc
keys-esc-what = sett brikken ned; lukk en dialog, merknadene eller resultatet; forlat panelet
keys-d = D
keys-d-what = stillingen i ord: hver brikke med sitt felt
keys-ctrl-z = Ctrl+Z
keys-ctrl-z-what = angre det siste trekket ditt
keys-ctrl-y = Ctrl+Y
keys-ctrl-y-what = gjør om det som ble angret
keys-h = H
keys-h-what = et tips: et godt trekk, vist på brettet
keys-a = A
keys-a-what = analyse: datamaskinens syn på stillingen, der den er tillatt
keys-r = R
keys-r-what = nullstill visningen
keys-right-drag = Dra med høyre
keys-right-drag-what = roter brettet
keys-wheel = Musehjulet
keys-wheel-what = zoom
keys-copy-paste = Ctrl+C, Ctrl+V
keys-copy-paste-what = kopier og lim inn i protokollfeltene
keys-question = ?
keys-question-what = denne listen
keys-home-end = Home, End
keys-home-end-what = starten av partiet; tilbake til partiet
keys-left-right = ←, → over trekkene
keys-left-right-what = ett trekk tilbake eller fram; klikk på et trekk for å se stillingen etter det

## Dialog titles.

dialog-rules = Slik spiller du
dialog-records = Partiprotokoller
dialog-resign = Gi opp?
dialog-discard = Forkaste partiet ditt?
dialog-leave-online = Forlate partiet på nett?
dialog-about = Om Agon
dialog-keys = Taster
dialog-position = Stillingen i ord
notices = Merk
ok = OK

## Resigning, and the question before a game is thrown away.

resign-question = Partiet slutter, og motstanderen din vinner.
resign-play-on = Spill videre
# $game is a game in a few words ("vs computer, Easy"), $played "5 actions".
discard-saved = Det lagrede partiet ditt ({ $game }, { $played } spilt) går tapt.
discard-in-progress = Partiet som pågår ({ $game }, { $played } spilt) går tapt.
discard-keep = Behold partiet
discard-it = Forkast det
discard-online = Du forlater partiet ditt på nett ({ $played } spilt). Klokken din går videre, og motstanderen kan kreve seieren om du blir borte; lenken tar deg tilbake.
discard-online-it = Forlat det

## A new game against the computer.

new-game-side = Din side
new-game-light = Lys (trekker først)
new-game-random = Tilfeldig
new-game-random-hover = Trekkes på nytt for hvert parti
new-game-level = Nivå
new-game-start = Start
new-game-pass-and-play = To spillere i stedet
new-game-watch = Se på
new-game-watch-hover = Datamaskinen spiller mot seg selv på dette nivået

## Settings.

settings-language = Språk
settings-language-system = Systemets
settings-volume = Volum
settings-effects = Effekter
settings-music = Musikk
settings-mute = Demp
settings-animations = Animasjoner
animation-off = Av
animation-fast = Rask
animation-normal = Normal
animation-slow = Langsom
settings-coordinates = Koordinater
settings-show-cell-names = Vis feltnavn
settings-view-from = Se fra
settings-auto = Auto
settings-view-auto-hover = Din side mot datamaskinen; siden som skal trekke når to spiller på én skjerm
settings-theme = Tema
theme-classic = Klassisk
theme-high-contrast = Høy kontrast
theme-colour-safe = Fargeblindvennlig
settings-graphics = Grafikk
graphics-high = Høy
graphics-low = Lav
# What Auto draws with now: $now is "high" or "low".
settings-graphics-auto-now = Auto ({ $now ->
       *[high] høy
        [low] lav
    })
settings-graphics-auto-hover = Høy, med mindre denne maskinen tegner for sakte
settings-graphics-high-hover = Glatte kanter og myke skygger
settings-graphics-low-hover = Ingen kantutjevning, ingen skygger, enklere lys: for trege maskiner
settings-threads = Datamaskinens tråder
settings-threads-auto = Auto ({ $threads })
settings-threads-hover = Hvor mange prosessorkjerner Mester og hintene tenker på samtidig. Auto lar én kjerne stå igjen til å tegne spillet.
settings-camera = Kamera
settings-reset-view = Nullstill visning
settings-reset-view-hover = Dra med høyre museknapp for å rotere brettet, hjulet zoomer, R nullstiller

## The result of a game.

game-over = Partiet er slutt
game-over-after = etter { $played }
game-over-next-level = Spill neste nivå: { $level }
game-over-again = Spill igjen
game-over-look = Se på brettet

## How to play: the rules in short.

rules-goal = Målet
rules-goal-text = Sett dronningen din på tronen, det gylne feltet i midten, med de seks vaktene dine på de seks feltene rundt den. Lys trekker først.
rules-moving = Flytting
rules-moving-text = I hver tur flytter du én av brikkene dine til et tomt nabofelt i samme ring eller én ring nærmere tronen. Aldri utover, aldri hopp. Bare en dronning kan gå inn på tronen.
rules-intervention = Ikke inn mellom
rules-intervention-text = Du kan aldri flytte en brikke til et felt som ligger rett mellom to fiendtlige brikker på en rett linje.
rules-capture = Fangst
rules-capture-text = Når brikken din kommer ved siden av en fiendtlig brikke som har en av dine brikker rett på den andre siden av seg på samme linje, er den fiendtlige brikken fanget. Den blir stående der den er, liggende og ute av spill.
rules-relocation = Tilbakesetting
rules-relocation-text = Så lenge du har fangede brikker, går turen din med til å sette en av dem tilbake: en vakt på et hvilket som helst tomt felt i ytterringen, dronningen på et hvilket som helst tomt felt (også tronen). Dronningen går først.
rules-end = Slutten
rules-end-text = Trone: står dronningen din på tronen med de seks vaktene dine rundt den, vinner du. Forfall: fyller de seks vaktene dine ringen mens dronningen din ikke står på tronen, taper du. En spiller uten lovlige trekk taper. Tredje gjentakelse av en stilling er uavgjort.
rules-controls = Kontroller
rules-controls-text = Klikk på en brikke for å plukke den opp: prikker viser hvor den kan gå, røde ringer hvor den ville fange. Klikk på en prikk for å flytte. Esc setter brikken ned eller lukker en dialog. Dra med høyre museknapp for å rotere brettet, hjulet zoomer, R nullstiller visningen. Ctrl+Z angrer, Ctrl+Y gjør om, H gir et tips, ? viser alle taster.

## Game records: export, import, files.

records-export = Eksporter
records-copy-record = Kopier protokoll
records-copy-record-hover = Hele partiet som JSON
records-record-copied = Protokollen ble kopiert til utklippstavlen.
records-copy-position = Kopier stilling
records-copy-position-hover = Stillingen på brettet, som AFN
records-position-copied = Stillingen (AFN) ble kopiert til utklippstavlen.
records-copy-link = Kopier lenke
records-copy-link-hover = En nettadresse som åpner dette partiet
records-link-copied = Lenken ble kopiert til utklippstavlen.
records-download = Last ned
records-save = Lagre til fil
records-save-failed = Kunne ikke lagre: { $error }
records-saved-as = Lagret som { $path }
records-downloaded-as = Lastet ned som { $name }
records-download-refused = nettleseren avviste nedlastingen: { $error }
records-folder-full = { $folder } har allerede 1000 protokoller fra i dag
records-import = Importer
records-import-help = Lim inn (Ctrl+V) en partiprotokoll, en stilling (AFN), en liste med trekk som «1. f1-f2 f11-f10» eller en lenke til et parti, eller slipp en fil på vinduet.
records-open = Åpne
records-open-file = Åpne en fil…
records-not-loaded = Ikke lastet inn. { $error }
records-file-not-loaded = { $name } ble ikke lastet inn. { $error }
records-the-file-picker = Filvelgeren

## Playing a friend by link.

friend-link-help = Lenken nedenfor ligger på utklippstavlen din. Send den til vennen din (på melding eller e-post): den åpner partiet ved trekket ditt, så vennen kan svare. Når lenken fra vennen kommer tilbake, åpner du den eller limer den inn nedenfor.
friend-link-fair-play = Vennskapelig spill: reglene sjekker hvert trekk, men ingenting hindrer en spiller i å redigere en lenke.
friend-copy-again = Kopier igjen
friend-copied-again = Kopiert igjen.

## Datamaskinens gjennomgang av et ferdig parti.

review = Gjennomgang
review-hover = Datamaskinen vurderer hvert trekk i partiet
review-working = Datamaskinen går gjennom partiet…
review-summary = { $side ->
       *[light] Lys
        [dark] Mørk
    }: { $inaccuracies ->
        [one] 1 unøyaktighet
       *[other] { $inaccuracies } unøyaktigheter
    }, { $mistakes ->
        [one] 1 feil
       *[other] { $mistakes } feil
    }, { $blunders ->
        [one] 1 bukk
       *[other] { $blunders } bukker
    }; i snitt { $loss } % av vinnersjansen tapt per trekk.
review-graph-hover = Lys' vinnersjanse gjennom partiet: klikk for å se den stillingen
review-pick = Klikk på et trekk, eller på grafen, for å se det vurdert.
review-action = { $number }. { $action } ({ $side ->
       *[light] Lys
        [dark] Mørk
    }): Lys' vinnersjanse etter trekket { $chance } %.
review-marked = { $mark }{ $why }: { $loss } % av vinnersjansen tapt.
review-better = Bedre: { $action }{ $why }.
mark-inaccuracy = En unøyaktighet
mark-mistake = En feil
mark-blunder = En bukk

## Brettredigering: hvilken som helst stilling, brikke for brikke.

editor = Sett opp en stilling
editor-open = Sett opp…
editor-open-hover = Sett opp hvilken som helst stilling, fra den på brettet, og spill den eller analyser den
editor-help = Velg en brikke, og klikk på felt for å sette den der; klikk på den igjen for å ta den bort.
editor-light-queen = Lys dronning
editor-light-guard = Lys vakt
editor-dark-queen = Mørk dronning
editor-dark-guard = Mørk vakt
editor-capture = Fanget
editor-capture-hover = Klikk på en brikke for å ta den ut av spill (fanget, venter på å settes tilbake), eller for å sette den i spill igjen
editor-remove = Ta bort
editor-to-move = I trekket:
editor-start = Starten
editor-clear = Tomt brett
editor-ok = Reglene godtar denne stillingen.
editor-over = Reglene godtar denne stillingen, og partiet er over i den: { $reason }

## Spill på nett: opprett et parti, bli med i et via lenken, spill mot hvem som
## helst, ta tilbake en plass.

dialog-online = Spill på nett
online-create = Opprett et parti
online-side = Din side:
online-clock = Klokke:
online-no-clock = Uten klokke
# Minutter for hver side, og sekunder som legges til etter hvert trekk: 5 + 3.
online-clock-value = { $minutes } + { $increment }
online-listed = Hvem som helst kan bli med fra listen over åpne partier
online-create-button = Opprett
online-join = Bli med via lenke
online-join-hint = en lenke eller et rom
online-join-button = Bli med
online-anyone = Spill mot hvem som helst
online-seek = Finn en motstander
online-seek-hover = Du spiller mot den første som ber om samme klokke.
online-lobby = Åpne partier
online-lobby-refresh = Oppdater
online-lobby-empty = Ingen partier er åpne akkurat nå.
# $side er siden du ville spilt; $clock som 5 + 3; $minutes siden partiet ble åpnet.
online-lobby-game = { $side ->
       *[light] Lys
        [dark] Mørk
    }, { $clock }, åpnet for { $minutes } min siden
online-lobby-join = Spill
online-claim = Ta tilbake en plass
online-claim-hint = koden fra den andre enheten din
online-claim-button = Ta plassen min

## Hvorfor serveren avviste, sagt skånsomt.

online-refused-unknown-room = Det finnes ikke noe slikt parti på serveren.
online-refused-bad-token = Serveren kjenner ikke til denne enhetens plass i det partiet.
online-refused-bad-code = Ingen plass har den koden.
online-refused-not-started = Partiet venter på motstanderen din.
online-refused-stale = Partiet har gått videre i mellomtiden: her er det slik det står nå.
online-refused-game-over = Partiet er over.
online-refused-no-clock = Uten klokke venter partiet på motstanderen din.
online-refused-opponent-present = Motstanderen din er her.
online-refused-too-early = Motstanderens respittid er ikke over ennå.
online-refused-busy = For mange forespørsler på en gang: prøv igjen om et øyeblikk.
online-refused-internal = Serveren klarte ikke å lagre det: prøv igjen om et øyeblikk.
# $detail er serverens egne ord, på engelsk.
online-refused-other = Serveren avviste: { $detail }

## Oppgavedialogen.

dialog-puzzles = Oppgaver
# $rating som 1523 (et ? så lenge den er usikker).
puzzles-record = Ratingen din: { $rating } · Løst på første forsøk: { $solved } av { $tried }
puzzles-record-hover = Et ? etter ratingen betyr at den ennå ikke har satt seg: den flytter seg raskt over de første oppgavene.
puzzles-daily = Dagens oppgave
puzzles-daily-hover = Den samme oppgaven for alle i dag
puzzles-next = En oppgave til deg
puzzles-next-hover = En ny oppgave nær ratingen din
puzzles-theme = Tema:
puzzles-play-theme = Spill
puzzles-streak = Rekke
puzzles-streak-hover = Oppgaver på rad, stadig vanskeligere: én feil, og rekken er over.
puzzles-streak-best = Din beste: { $count }.
puzzle-theme-throne = Tronen
puzzle-theme-throne-in = { $count ->
        [one] Tronen i ett trekk
       *[other] Tronen i { $count } trekk
    }
puzzle-theme-capture = Fangster
puzzle-theme-relocation = Tilbakesetting
puzzle-theme-queen-hunt = Dronningjakt
puzzle-theme-defence = Forsvar
# $id slik lenken gir den.
puzzle-unknown = Oppgave { $id } finnes ikke.
puzzle-none-left = Det er ingen oppgaver igjen å spille.
