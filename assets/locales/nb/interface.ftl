## The side panel during a game.

player-computer = datamaskin · { $level }
player-you = du
player-friend = vennen din, via lenke
player-opponent = motstanderen din, på nett
# $queen is "in-play" or "captured"; $guards counts the guards in play,
# $relocate the captured pieces waiting to come back.
pieces-in-play = { $queen ->
        [captured] dronning fanget
       *[in-play] dronning
    }, { $guards ->
        [one] { $guards } vakt
       *[other] { $guards } vakter
    } i spill{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } skal settes tilbake
    }
actions-heading = Trekk
in-words = I ord
in-words-hover = Stillingen i ord: hver brikke med sitt felt (D)
command-hint = Skriv et trekk, f.eks. f1-f2  ( / )
no-action-yet = Ingen trekk ennå. Lys trekker først.
invite-friend = Inviter en venn
send-move = Send trekket
send-move-hover = Kopier en lenke til partiet som du kan sende til vennen din
undo = Angre
undo-hover = Ta tilbake det siste trekket ditt (Ctrl+Z)
redo = Gjør om
redo-hover = Spill på nytt det som ble tatt tilbake (Ctrl+Y)
hint = Tips
hint-hover = Vis et godt trekk (H)
resign = Gi opp
new-game = Nytt parti
menu = Meny
rules = Regler
settings = Innstillinger
record = Protokoll
record-hover = Eksporter eller importer en partiprotokoll
result = Resultat

## A lesson of the tutorial, in the side panel.

lesson-count = Leksjon { $n } av { $of }
lesson-retry = Det trekket er lovlig, men ikke det denne leksjonen ber om.
lesson-back = Tilbake
lesson-again = Prøv igjen
lesson-finish = Fullfør
lesson-next = Neste
lesson-leave = Avslutt opplæringen
lesson-leave-hover = Tilbake til menyen og partiet du forlot

## The main menu.

menu-resume = Gjenoppta partiet
# $game is a game in a few words ("vs computer, Easy"), $played "5 actions".
menu-resume-hover = { $game }, { $played } spilt
menu-continue = Fortsett partiet
menu-play-computer = Spill mot datamaskinen
menu-pass-and-play = To spillere
menu-pass-and-play-hover = To spillere, én skjerm
menu-analysis = Analysebrett
menu-analysis-hover = Begge sider er dine, og datamaskinen viser sitt syn på hver stilling
menu-friend = Spill mot en venn via lenke
menu-friend-hover = Bytt på å trekke ved å sende hverandre en lenke: ingen konto, ingen server
menu-online = Spill på nett
menu-online-hover = Spill direkte mot noen et annet sted: via en lenke du sender, eller mot hvem som helst som venter
menu-puzzles = Oppgaver
menu-puzzles-hover = Stillinger fra ekte partier med bare én vei videre: dagens oppgave, oppgaver nær ratingen din, etter tema eller mange på rad
menu-learn = Lær å spille
menu-learn-hover = Åtte korte leksjoner, én regel i hver; partiet ditt venter
menu-load-record = Last inn en partiprotokoll
about = Om
quit = Avslutt

## The phone's strip under the board.

# Like pieces-in-play, shorter: "queen, 6 guards · 1 to relocate".
pieces-short = { $queen ->
        [captured] dronning ute
       *[in-play] dronning
    }, { $guards ->
        [one] { $guards } vakt
       *[other] { $guards } vakter
    }{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } skal tilbake
    }
more = Mer…

## Bla i partiet: brettet viser en tidligere stilling, partiet fortsetter
## som før.

browse-back = Ett trekk tilbake (← over listen)
browse-forward = Ett trekk fram (→ over listen)
browse-back-to-game = Tilbake til partiet
browse-back-to-game-hover = Stillingen i partiet nå (End)

## Analyse: datamaskinens syn på stillingen på brettet.

analysis = Analyse
analysis-hover = Datamaskinens syn på stillingen på brettet: hvem som står best, og den beste linjen, som piler og i ord.
analysis-closed = Analysen åpnes når partiet er over, og når to spiller på én skjerm eller du ser på datamaskinen: ikke mens du spiller mot datamaskinen eller en venn.
# $depth: hvor mange trekk fram datamaskinen har sett.
analysis-depth = dybde { $depth }
analysis-starting = Datamaskinen ser på stillingen…
analysis-nothing = Det er ingen trekk igjen å spille her.
# $line er en liste med trekk, som "f1-f2 f11-f10 f2-f3".
analysis-best-line = Beste linje: { $line }
analysis-wins-in = { $side ->
       *[light] Lys vinner på { $count ->
            [one] ett trekk
           *[other] { $count } trekk
        }
        [dark] Mørk vinner på { $count ->
            [one] ett trekk
           *[other] { $count } trekk
        }
    }
# $percent er fra 0 til 100.
analysis-chance = Lys' sjanse: { $percent } %
analysis-score = Poeng: { $score } (for Lys)

## Et parti på nett i panelet. Klokkene viser minutter og sekunder.

online-connecting = Kobler til serveren…
# $seconds til neste forsøk.
online-retrying = Forbindelsen er brutt: prøver igjen om { $seconds } s.
online-connected = Tilkoblet igjen.
online-waiting = Venter på motstanderen din. Send denne lenken til vedkommende:
online-copy-link = Kopier lenken
online-link-copied = Kopiert.
online-opponent-here = Motstanderen din er her.
online-opponent-away = Motstanderen din er borte.
online-watchers = { $count ->
        [one] 1 person ser på.
       *[other] { $count } personer ser på.
    }
# $code er åtte bokstaver og sifre, som K7QM-3XTP.
online-claim-code = Denne plassen på en annen enhet: { $code }
online-claim-code-hover = Under «Spill på nett», «Ta tilbake en plass» flytter denne koden plassen din i dette partiet til en annen enhet.
online-offer-draw = Tilby uavgjort
online-draw-offered = Du tilbød uavgjort.
online-draw-offer = Motstanderen din tilbyr uavgjort.
online-accept-draw = Godta
online-decline-draw = Avslå
online-claim-win = Krev seieren
online-claim-win-hover = Motstanderen din er borte. I et parti med klokke er seieren din når motstanderens respittid har gått ut.
online-rematch = Revansj
online-rematch-offered = Du ba om revansj.
online-rematch-offer = Motstanderen din ber om revansj.
online-accept-rematch = Spill revansjen
online-leave = Forlat
online-leave-hover = Forlat dette partiet og gå tilbake til menyen

## En oppgave i panelet. $side er siden som skal trekke: light eller dark.

# $rating er oppgavens egen.
puzzle-title = Oppgave, rating { $rating }
# $count: hvor mange av løserens egne trekk.
puzzle-goal-throne = { $side ->
       *[light] Lys i trekket: vinn på tronen i { $count ->
            [one] ett trekk.
           *[other] { $count } trekk.
        }
        [dark] Mørk i trekket: vinn på tronen i { $count ->
            [one] ett trekk.
           *[other] { $count } trekk.
        }
    }
puzzle-goal-defend = { $side ->
       *[light] Lys i trekket: finn det eneste trekket som ikke taper.
        [dark] Mørk i trekket: finn det eneste trekket som ikke taper.
    }
puzzle-goal-queen = { $side ->
       *[light] Lys i trekket: fang dronningen.
        [dark] Mørk i trekket: fang dronningen.
    }
puzzle-goal-material = { $side ->
       *[light] Lys i trekket: vinn brikker for godt.
        [dark] Mørk i trekket: vinn brikker for godt.
    }
puzzle-your-move = Ditt trekk.
puzzle-try-again = Prøv igjen.
puzzle-solved = Løst!
# $cell som e4.
puzzle-hint-said = Tips: det er brikken på { $cell } som skal flytte.
puzzle-solution-said = Løsningen: { $action }.
# $rating som 1523 (et ? så lenge den er usikker); $change som +12 eller -8.
puzzle-rating = Oppgaveratingen din: { $rating } ({ $change })
# $count i rekken nå; $best rekorden.
puzzle-streak-now = Rekke: { $count } på rad (beste { $best })
puzzle-hint = Tips
puzzle-solution = Løsning
puzzle-next = Neste oppgave
puzzle-analyse = Åpne på analysebrettet
puzzle-leave = Avslutt oppgavene

## Hva et feil trekk ville tillate. $side er siden som ville svare;
## $action svaret, som e6-f6.

puzzle-wrong-throne = { $side ->
       *[light] Dette lar Lys' dronning nå tronen: { $action }.
        [dark] Dette lar Mørks dronning nå tronen: { $action }.
    }
puzzle-wrong-throne-in = { $side ->
       *[light] Dette lar Lys vinne på tronen i { $count ->
            [one] ett trekk
           *[other] { $count } trekk
        }, med { $action } som første trekk.
        [dark] Dette lar Mørk vinne på tronen i { $count ->
            [one] ett trekk
           *[other] { $count } trekk
        }, med { $action } som første trekk.
    }
puzzle-wrong-queen = { $side ->
       *[light] Dette lar Lys fange dronningen din: { $action }.
        [dark] Dette lar Mørk fange dronningen din: { $action }.
    }
puzzle-wrong-pieces = { $side ->
       *[light] Dette lar Lys fange { $count ->
            [one] en brikke
           *[other] { $count } brikker
        }: { $action }.
        [dark] Dette lar Mørk fange { $count ->
            [one] en brikke
           *[other] { $count } brikker
        }: { $action }.
    }
puzzle-wrong-forfeit = Dette fullfører ringen uten at dronningen din står på tronen: du ville forfalle partiet.
puzzle-wrong-advantage = Dette lar seieren glippe.
