## The result of a game: a title and a reason. $side is "light" or "dark".

ending-draw = Uavgjort
ending-you-win = Du vinner!
ending-computer-wins = Datamaskinen vinner
ending-friend-wins = Vennen din vinner
ending-opponent-wins = Motstanderen din vinner
ending-side-wins = { $side ->
       *[light] Lys vinner!
        [dark] Mørk vinner!
    }
# $side is the winner.
ending-throne = { $side ->
       *[light] Lys' dronning sitter på tronen, omringet av alle de seks vaktene til Lys.
        [dark] Mørks dronning sitter på tronen, omringet av alle de seks vaktene til Mørk.
    }
# $side is the loser, in the next three.
ending-forfeit = { $side ->
       *[light] Lys fylte tronringen uten at Lys' dronning sto på tronen, og forfaller partiet.
        [dark] Mørk fylte tronringen uten at Mørks dronning sto på tronen, og forfaller partiet.
    }
ending-no-moves = { $side ->
       *[light] Lys hadde ingen lovlige trekk igjen.
        [dark] Mørk hadde ingen lovlige trekk igjen.
    }
ending-resigned = { $side ->
       *[light] Lys ga opp.
        [dark] Mørk ga opp.
    }
ending-repetition = Den samme stillingen oppsto for tredje gang.
ending-agreed = Spillerne ble enige om uavgjort.
ending-adjudicated = Partiet ble stoppet og erklært uavgjort.
ending-time = { $side ->
       *[light] Lys gikk tom for tid.
        [dark] Mørk gikk tom for tid.
    }
ending-abandoned = { $side ->
       *[light] Lys forlot partiet for lenge.
        [dark] Mørk forlot partiet for lenge.
    }

## The status line: whose turn it is and what to do.
## $who is "you" (one person at the screen), "light" or "dark".

status-computer-thinking = Datamaskinen tenker…
status-computer-to-move = Datamaskinens trekk
status-friend = { $side ->
       *[light] Vennens tur (Lys): send trekket ditt til vennen, og åpne så lenken du får tilbake.
        [dark] Vennens tur (Mørk): send trekket ditt til vennen, og åpne så lenken du får tilbake.
    }
status-opponent = { $side ->
       *[light] Motstanderens tur (Lys).
        [dark] Motstanderens tur (Mørk).
    }
status-watching = { $side ->
       *[light] Lys i trekket. Du ser på.
        [dark] Mørk i trekket. Du ser på.
    }
status-relocate-queen = { $who ->
       *[you] Dronningen din ble fanget: sett henne tilbake på et hvilket som helst tomt felt, tronen medregnet.
        [light] Lys' dronning ble fanget: sett henne tilbake på et hvilket som helst tomt felt, tronen medregnet.
        [dark] Mørks dronning ble fanget: sett henne tilbake på et hvilket som helst tomt felt, tronen medregnet.
    }
status-relocate-guard = { $who ->
       *[you] Din tur
        [light] Lys' tur
        [dark] Mørks tur
    }: { $count ->
        [one] sett den fangede vakten tilbake på et tomt felt i ytterringen.
       *[other] sett en av de { $count } fangede vaktene tilbake på et tomt felt i ytterringen.
    }
status-your-turn = { $who ->
       *[you] Din tur
        [light] Lys' tur
        [dark] Mørks tur
    }: plukk opp en brikke, og velg så et markert felt.

## What happens, in words, for the panel and screen readers.
## $whose and $mover are "you" (the one person at the screen), "light" or
## "dark"; $piece is "queen" or "guard"; cells are names like f1.

# "a1, b2 and c3": $rest is the list but the last, joined by commas.
list-and = { $rest } og { $last }
say-step = { $whose ->
        [you] { $piece ->
            [queen] Dronningen din
           *[guard] Vakten din
        }
       *[light] Lys' { $piece ->
            [queen] dronning
           *[guard] vakt
        }
        [dark] Mørks { $piece ->
            [queen] dronning
           *[guard] vakt
        }
    } går fra { $from } til { $to }.
say-relocation = { $whose ->
        [you] { $piece ->
            [queen] Den fangede dronningen din
           *[guard] Den fangede vakten din
        }
       *[light] Lys' fangede { $piece ->
            [queen] dronning
           *[guard] vakt
        }
        [dark] Mørks fangede { $piece ->
            [queen] dronning
           *[guard] vakt
        }
    } kommer tilbake fra { $from } til { $to }.
say-capture = { $mover ->
        [you] Du fanger
       *[light] Lys fanger
        [dark] Mørk fanger
    } { $whose ->
        [you] { $piece ->
            [queen] dronningen din
           *[guard] vakten din
        }
       *[light] Lys' { $piece ->
            [queen] dronning
           *[guard] vakt
        }
        [dark] Mørks { $piece ->
            [queen] dronning
           *[guard] vakt
        }
    } på { $cell }.
say-queen-due = { $whose ->
        [you] Dronningen din
       *[light] Lys' dronning
        [dark] Mørks dronning
    } må tilbake først: velg et hvilket som helst tomt felt.
say-guards-due = { $whose ->
        [you] { $count ->
            [one] Den fangede vakten din
           *[other] De fangede vaktene dine
        }
       *[light] Lys' fangede { $count ->
            [one] vakt
           *[other] vakter
        }
        [dark] Mørks fangede { $count ->
            [one] vakt
           *[other] vakter
        }
    } på { $cells } må tilbake: velg et tomt felt i ytterringen.
say-new-game = Et nytt parti.
# $played is "5 actions".
say-back-to = Tilbake til stillingen etter { $played }.
say-to-move = { $side ->
       *[light] Lys i trekket.
        [dark] Mørk i trekket.
    }

## The position in words (D).

position-to-move = { $side ->
       *[light] Lys
        [dark] Mørk
    } i trekket, etter { $played }.
# $you is "yes" for the side of the one person at the screen.
position-side = { $side ->
       *[light] Lys
        [dark] Mørk
    }{ $you ->
        [yes] {" "}(du)
       *[no] {""}
    }:
position-queen = dronning på { $cell };
position-queen-throne = dronning på { $cell }, tronen;
position-guards = { $count ->
        [0] ingen vakter.
        [one] { $count } vakt på { $cells }.
       *[other] { $count } vakter på { $cells }.
    }
position-captured = Fanget, skal tilbake: { $cells }.

## A hint, and why. $why is made of the hint-… parts below, each starting
## with its own punctuation.

hint-sentence = Tips: { $action }, { $piece ->
        [queen] dronningen
        [guard] vakten
       *[piece] brikken
    } på { $from } til { $to }{ $why }.
hint-wins-throne = : det fullfører tronringen og vinner
hint-wins = : det vinner
hint-captures = , og fanger { $piece ->
        [queen] dronningen
       *[guard] vakten
    } på { $cell }
# $ring is the queen's ring after the action: 0 is the throne.
hint-queen-nearer = { $ring ->
        [0] : dronningen inntar tronen
        [1] : dronningen står ved siden av tronen
       *[other] : dronningen kommer innen { $ring } steg fra tronen
    }
hint-exposes = , selv om det lar { $side ->
       *[light] Lys
        [dark] Mørk
    } fange på { $cells }

## Why an action is refused, said gently. Cells are names like f1.

refusal-game-over = Partiet er over.
refusal-no-piece = Det står ingen brikke på { $cell }.
refusal-not-yours = Brikken på { $cell } tilhører den andre siden.
refusal-must-relocate = En fanget brikke må settes tilbake denne turen.
refusal-queen-first = Den fangede dronningen må settes tilbake før noen vakt.
refusal-occupied = { $cell } er ikke tomt.
refusal-not-adjacent = Et steg går til et nabofelt.
refusal-outward = Brikker går aldri utover.
refusal-throne = Bare en dronning kan gå inn på tronen.
refusal-intervention = { $cell } ligger mellom to fiendtlige brikker.
refusal-outer-ring = En vakt settes tilbake i ytterringen, og { $cell } ligger ikke i den.
# $claimed and $actual are lists of cells, or refusal-no-captures.
refusal-wrong-captures = Trekket oppgir fangster på { $claimed }, men det fanger på { $actual }.
refusal-no-captures = ingen
refusal-nowhere = Den brikken har ingen steder å gå.
refusal-other-side = Den brikken tilhører den andre siden.
refusal-friends-turn = Det er vennens tur: send trekket ditt til vennen.
refusal-computers-turn = Vent på datamaskinens trekk.
refusal-opponents-turn = Vent på motstanderens trekk.
refusal-watching = Du ser på dette partiet.
refusal-puzzle-wait = Vent på svaret.
refusal-not-an-action = «{ $text }» er ikke et trekk: skriv de to feltene, f.eks. f1-f2.

## Notices about files and links, shown once in a dialog. Where $error
## follows a full stop, it is a sentence of errors.ftl that says why;
## $problem and the $error of a save that failed are the system's or the
## browser's own words.

# $what is "saved-game", "settings", "seats" or "puzzles"; $place where the file was kept.
notice-unreadable-kept = { $what ->
       *[saved-game] Det lagrede partiet ditt kunne ikke leses. Det ble tatt vare på som { $place } og ikke brukt.
        [settings] Innstillingene dine kunne ikke leses. De ble tatt vare på som { $place } og ikke brukt.
        [seats] Plassene dine i partier på nett kunne ikke leses. De ble tatt vare på som { $place } og ikke brukt: en plass tas tilbake med plasskoden sin.
        [puzzles] Oppgaveratingen og rekken din kunne ikke leses. De ble tatt vare på som { $place } og ikke brukt: du begynner på nytt.
    } { $error }
notice-unreadable-left = { $what ->
       *[saved-game] Det lagrede partiet ditt kunne verken leses eller legges til side ({ $problem }). Det ble liggende urørt.
        [settings] Innstillingene dine kunne verken leses eller legges til side ({ $problem }). De ble liggende urørt.
        [seats] Plassene dine i partier på nett kunne verken leses eller legges til side ({ $problem }). De ble liggende urørt.
        [puzzles] Oppgaveratingen og rekken din kunne verken leses eller legges til side ({ $problem }). De ble liggende urørt.
    } { $error }
notice-save-failed = Partiet kunne ikke lagres: { $error }.
notice-settings-failed = Innstillingene dine kunne ikke lagres: { $error }.
notice-puzzles-failed = Oppgaveratingen din kunne ikke lagres: { $error }.
notice-seats-failed = Plassen din i partiet på nett kunne ikke lagres på denne enheten ({ $error }): skriv opp plasskoden.
notice-link-failed = Lenken kunne ikke åpnes. { $error }
notice-address-failed = Lenken i adressen kunne ikke åpnes. { $error }
notice-load-failed = { $path } kunne ikke lastes inn. { $error }
# $index counts from 1.
notice-play-failed = --play: trekk { $index }, «{ $action }», ble ikke spilt. { $error }

## Bla i partiet.

status-browsing = Stillingen etter { $played } av { $total }: End eller «Tilbake til partiet» fører deg tilbake.
# In a variation: $total is its length, with the game's actions before it.
status-variation = En variant: stillingen etter { $played } av { $total }. End fører deg tilbake til partiet.
variation-promote-hover = Gjør denne linjen til partiet; partiets egen linje blir en variant
variation-delete-hover = Slett denne varianten
say-browsing = Stillingen etter { $played }.
say-back-to-game = Tilbake til partiet.
refusal-browsing = Brettet viser en tidligere stilling: gå tilbake til partiet (End) for å spille.
