## Il pannello laterale durante una partita.

player-computer = computer · { $level }
player-you = tu
player-friend = il tuo amico, via link
player-opponent = il tuo avversario, online
# $queen è "in-play" o "captured"; $guards conta le guardie in gioco,
# $relocate le pedine catturate in attesa di tornare.
pieces-in-play = { $queen ->
        [captured] regina catturata
       *[in-play] regina
    }, { $guards ->
        [one] { $guards } guardia
       *[other] { $guards } guardie
    } in gioco{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } da ricollocare
    }
actions-heading = Azioni
in-words = A parole
in-words-hover = La posizione a parole: ogni pedina con la sua casella (D)
command-hint = Scrivi un'azione, come f1-f2  ( / )
no-action-yet = Nessuna azione finora. Il Chiaro muove per primo.
invite-friend = Invita l'amico
send-move = Invia la mossa
send-move-hover = Copia un link della partita da mandare al tuo amico
undo = Annulla
undo-hover = Ritira la tua ultima azione (Ctrl+Z)
redo = Ripeti
redo-hover = Rigioca ciò che è stato ritirato (Ctrl+Y)
hint = Suggerimento
hint-hover = Mostra una buona azione (H)
resign = Abbandona
new-game = Nuova partita
menu = Menu
rules = Regole
settings = Impostazioni
record = Partita
record-hover = Esporta o importa la registrazione di una partita
result = Risultato

## Una lezione del tutorial, nel pannello laterale.

lesson-count = Lezione { $n } di { $of }
lesson-retry = Questa mossa è legale, ma non è quella che chiede la lezione.
lesson-back = Indietro
lesson-again = Riprova
lesson-finish = Fine
lesson-next = Avanti
lesson-leave = Esci dal tutorial
lesson-leave-hover = Torna al menu e alla partita che hai lasciato

## Il menu principale.

menu-resume = Riprendi la partita
# $game è una partita in poche parole ("contro il computer, Facile"), $played "5 azioni".
menu-resume-hover = { $game }, dopo { $played }
menu-continue = Continua la partita
menu-play-computer = Sfida il computer
menu-pass-and-play = Passa e gioca
menu-pass-and-play-hover = Due giocatori, un solo schermo
menu-analysis = Scacchiera di analisi
menu-analysis-hover = Entrambi i lati sono tuoi, e il computer dà il suo parere su ogni posizione
menu-friend = Sfida un amico via link
menu-friend-hover = Giocate a turno mandandovi un link: niente account, niente server
menu-online = Gioca online
menu-online-hover = Sfida qualcuno lontano, in diretta: con un link che mandi tu, o chiunque sia in attesa
menu-puzzles = Problemi
menu-puzzles-hover = Posizioni tratte da partite vere, con un'unica continuazione giusta: il problema del giorno, problemi vicini al tuo punteggio, per tema o in serie
menu-learn = Impara a giocare
menu-learn-hover = Otto brevi lezioni, una regola ciascuna; la tua partita ti aspetta
menu-load-record = Carica una partita
about = Informazioni
quit = Esci

## La striscia sotto la scacchiera, sul telefono.

# Come pieces-in-play, più breve: "regina, 6 guardie · 1 da ricollocare".
pieces-short = { $queen ->
        [captured] regina catturata
       *[in-play] regina
    }, { $guards ->
        [one] { $guards } guardia
       *[other] { $guards } guardie
    }{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } da ricollocare
    }
more = Altro…

## Scorrere la partita: la scacchiera mostra una posizione precedente, la
## partita resta com'è.

browse-back = Un'azione indietro (← sull'elenco)
browse-forward = Un'azione avanti (→ sull'elenco)
browse-back-to-game = Torna alla partita
browse-back-to-game-hover = La posizione attuale della partita (Fine)

## Analisi: il parere del computer sulla posizione sulla scacchiera.

analysis = Analisi
analysis-hover = Il parere del computer sulla posizione sulla scacchiera: chi sta meglio e la linea migliore, con frecce e a parole.
analysis-closed = L'analisi si apre a partita finita, e in «Passa e gioca» o guardando il computer: non mentre giochi contro il computer o un amico.
# $depth: quante azioni avanti ha guardato il computer.
analysis-depth = profondità { $depth }
analysis-starting = Il computer sta guardando…
analysis-nothing = Qui non resta nessuna azione da giocare.
# $line è un elenco di azioni, come "f1-f2 f11-f10 f2-f3".
analysis-best-line = Linea migliore: { $line }
analysis-wins-in = { $side ->
       *[light] Il Chiaro vince in { $count ->
            [one] un'azione
           *[other] { $count } azioni
        }
        [dark] Lo Scuro vince in { $count ->
            [one] un'azione
           *[other] { $count } azioni
        }
    }
# $percent va da 0 a 100.
analysis-chance = Probabilità del Chiaro: { $percent }%
analysis-score = Punteggio: { $score } (per il Chiaro)

## Una partita online nel pannello. Gli orologi mostrano minuti e secondi.

online-connecting = Connessione al server…
# $seconds fino al prossimo tentativo.
online-retrying = Connessione persa: nuovo tentativo tra { $seconds } s.
online-connected = Di nuovo connesso.
online-waiting = In attesa del tuo avversario. Mandagli questo link:
online-copy-link = Copia il link
online-link-copied = Copiato.
online-opponent-here = Il tuo avversario è presente.
online-opponent-away = Il tuo avversario è assente.
online-watchers = { $count ->
        [one] 1 persona sta guardando.
       *[other] { $count } persone stanno guardando.
    }
# $code sono otto lettere e cifre, come K7QM-3XTP.
online-claim-code = Questo posto su un altro dispositivo: { $code }
online-claim-code-hover = In «Gioca online», «Riprendi un posto», questo codice sposta il tuo posto in questa partita su un altro dispositivo.
online-offer-draw = Proponi la patta
online-draw-offered = Hai proposto la patta.
online-draw-offer = Il tuo avversario propone la patta.
online-accept-draw = Accetta
online-decline-draw = Rifiuta
online-claim-win = Rivendica la vittoria
online-claim-win-hover = Il tuo avversario è assente. In una partita con l'orologio, la vittoria è tua una volta trascorso il suo tempo di grazia.
online-rematch = Rivincita
online-rematch-offered = Hai chiesto la rivincita.
online-rematch-offer = Il tuo avversario chiede la rivincita.
online-accept-rematch = Gioca la rivincita
online-leave = Esci
online-leave-hover = Lascia questa partita e torna al menu

## Un problema nel pannello. $side è lo schieramento che muove: "light" o "dark".

# $rating è quello del problema.
puzzle-title = Problema, punteggio { $rating }
# $count: quante azioni proprie di chi risolve.
puzzle-goal-throne = { $side ->
       *[light] Tocca al Chiaro: vinci sul trono in { $count ->
            [one] un'azione.
           *[other] { $count } azioni.
        }
        [dark] Tocca allo Scuro: vinci sul trono in { $count ->
            [one] un'azione.
           *[other] { $count } azioni.
        }
    }
puzzle-goal-defend = { $side ->
       *[light] Tocca al Chiaro: trova l'unica azione che non perde.
        [dark] Tocca allo Scuro: trova l'unica azione che non perde.
    }
puzzle-goal-queen = { $side ->
       *[light] Tocca al Chiaro: cattura la regina.
        [dark] Tocca allo Scuro: cattura la regina.
    }
puzzle-goal-material = { $side ->
       *[light] Tocca al Chiaro: guadagna pedine in modo definitivo.
        [dark] Tocca allo Scuro: guadagna pedine in modo definitivo.
    }
puzzle-your-move = Tocca a te.
puzzle-try-again = Riprova.
puzzle-solved = Risolto!
# $cell come e4.
puzzle-hint-said = Suggerimento: muove la pedina in { $cell }.
puzzle-solution-said = La soluzione: { $action }.
# $rating come 1523 (un ? finché è ancora incerto); $change come +12 o -8.
puzzle-rating = Il tuo punteggio nei problemi: { $rating } ({ $change })
# $count nella serie attuale; $best il record.
puzzle-streak-now = Serie: { $count } di fila (record { $best })
puzzle-hint = Suggerimento
puzzle-solution = Soluzione
puzzle-next = Problema successivo
puzzle-analyse = Apri sulla scacchiera di analisi
puzzle-leave = Esci dai problemi

## Che cosa permetterebbe un'azione sbagliata. $side è lo schieramento che
## risponderebbe; $action la sua risposta, come e6-f6.

puzzle-wrong-throne = { $side ->
       *[light] Questo permette alla regina del Chiaro di raggiungere il trono: { $action }.
        [dark] Questo permette alla regina dello Scuro di raggiungere il trono: { $action }.
    }
puzzle-wrong-throne-in = { $side ->
       *[light] Questo permette al Chiaro di vincere sul trono in { $count ->
            [one] un'azione
           *[other] { $count } azioni
        }, a cominciare da { $action }.
        [dark] Questo permette allo Scuro di vincere sul trono in { $count ->
            [one] un'azione
           *[other] { $count } azioni
        }, a cominciare da { $action }.
    }
puzzle-wrong-queen = { $side ->
       *[light] Questo permette al Chiaro di catturare la tua regina: { $action }.
        [dark] Questo permette allo Scuro di catturare la tua regina: { $action }.
    }
puzzle-wrong-pieces = { $side ->
       *[light] Questo permette al Chiaro di catturare { $count ->
            [one] una pedina
           *[other] { $count } pedine
        }: { $action }.
        [dark] Questo permette allo Scuro di catturare { $count ->
            [one] una pedina
           *[other] { $count } pedine
        }: { $action }.
    }
puzzle-wrong-forfeit = Così completi l'anello senza la tua regina sul trono: perderesti a tavolino.
puzzle-wrong-advantage = Così ti lasci sfuggire la vittoria.
