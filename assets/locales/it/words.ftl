## Il risultato di una partita: un titolo e un motivo. $side è "light" o "dark".

ending-draw = Patta
ending-you-win = Hai vinto!
ending-computer-wins = Vince il computer
ending-friend-wins = Vince il tuo amico
ending-opponent-wins = Vince il tuo avversario
ending-side-wins = { $side ->
       *[light] Vince il Chiaro!
        [dark] Vince lo Scuro!
    }
# $side è il vincitore.
ending-throne = { $side ->
       *[light] La regina del Chiaro occupa il trono, circondata da tutte e sei le guardie del Chiaro.
        [dark] La regina dello Scuro occupa il trono, circondata da tutte e sei le guardie dello Scuro.
    }
# $side è lo sconfitto, nei tre messaggi seguenti.
ending-forfeit = { $side ->
       *[light] Il Chiaro ha riempito l'anello del trono senza la propria regina sul trono, e perde a tavolino.
        [dark] Lo Scuro ha riempito l'anello del trono senza la propria regina sul trono, e perde a tavolino.
    }
ending-no-moves = { $side ->
       *[light] Il Chiaro non aveva più azioni legali.
        [dark] Lo Scuro non aveva più azioni legali.
    }
ending-resigned = { $side ->
       *[light] Il Chiaro ha abbandonato.
        [dark] Lo Scuro ha abbandonato.
    }
ending-repetition = La stessa posizione si è presentata per la terza volta.
ending-agreed = I giocatori si sono accordati per la patta.
ending-adjudicated = La partita è stata interrotta e dichiarata patta.
ending-time = { $side ->
       *[light] Il tempo del Chiaro è scaduto.
        [dark] Il tempo dello Scuro è scaduto.
    }
ending-abandoned = { $side ->
       *[light] Il Chiaro ha lasciato la partita troppo a lungo.
        [dark] Lo Scuro ha lasciato la partita troppo a lungo.
    }

## La riga di stato: a chi tocca e che cosa fare.
## $who è "you" (una sola persona allo schermo), "light" o "dark".

status-computer-thinking = Il computer sta pensando…
status-computer-to-move = Tocca al computer
status-friend = { $side ->
       *[light] Tocca al tuo amico (Chiaro): mandagli la tua mossa, poi apri il link che ti rimanderà.
        [dark] Tocca al tuo amico (Scuro): mandagli la tua mossa, poi apri il link che ti rimanderà.
    }
status-opponent = { $side ->
       *[light] Tocca al tuo avversario (Chiaro).
        [dark] Tocca al tuo avversario (Scuro).
    }
status-watching = { $side ->
       *[light] Tocca al Chiaro. Stai guardando.
        [dark] Tocca allo Scuro. Stai guardando.
    }
status-relocate-queen = { $who ->
       *[you] La tua regina è stata catturata: ricollocala su una qualsiasi casella vuota, trono compreso.
        [light] La regina del Chiaro è stata catturata: ricollocala su una qualsiasi casella vuota, trono compreso.
        [dark] La regina dello Scuro è stata catturata: ricollocala su una qualsiasi casella vuota, trono compreso.
    }
status-relocate-guard = { $who ->
       *[you] Tocca a te
        [light] Tocca al Chiaro
        [dark] Tocca allo Scuro
    }: { $count ->
        [one] ricolloca la guardia catturata su una casella vuota dell'anello esterno.
       *[other] ricolloca una delle { $count } guardie catturate su una casella vuota dell'anello esterno.
    }
status-your-turn = { $who ->
       *[you] Tocca a te
        [light] Tocca al Chiaro
        [dark] Tocca allo Scuro
    }: prendi una pedina, poi scegli una casella evidenziata.

## Che cosa succede, a parole, per il pannello e i lettori di schermo.
## $whose e $mover sono "you" (l'unica persona allo schermo), "light" o
## "dark"; $piece è "queen" o "guard"; le caselle sono nomi come f1.

# "a1, b2 e c3": $rest è l'elenco tranne l'ultima, separato da virgole.
list-and = { $rest } e { $last }
say-step = { $whose ->
        [you] La tua
       *[light] La
        [dark] La
    } { $piece ->
        [queen] regina
       *[guard] guardia
    }{ $whose ->
        [you] {""}
       *[light] {" "}del Chiaro
        [dark] {" "}dello Scuro
    } va da { $from } a { $to }.
say-relocation = { $whose ->
        [you] La tua
       *[light] La
        [dark] La
    } { $piece ->
        [queen] regina
       *[guard] guardia
    }{ $whose ->
        [you] {""}
       *[light] {" "}del Chiaro
        [dark] {" "}dello Scuro
    } catturata torna in gioco da { $from } a { $to }.
say-capture = { $mover ->
        [you] Catturi
       *[light] Il Chiaro cattura
        [dark] Lo Scuro cattura
    } { $whose ->
        [you] la tua
       *[light] la
        [dark] la
    } { $piece ->
        [queen] regina
       *[guard] guardia
    }{ $whose ->
        [you] {""}
       *[light] {" "}del Chiaro
        [dark] {" "}dello Scuro
    } in { $cell }.
say-queen-due = { $whose ->
        [you] La tua regina
       *[light] La regina del Chiaro
        [dark] La regina dello Scuro
    } deve tornare in gioco per prima: scegli una qualsiasi casella vuota.
say-guards-due = { $count ->
        [one] { $whose ->
            [you] La tua guardia
           *[light] La guardia del Chiaro
            [dark] La guardia dello Scuro
        } catturata in { $cells } deve tornare in gioco
       *[other] { $whose ->
            [you] Le tue guardie
           *[light] Le guardie del Chiaro
            [dark] Le guardie dello Scuro
        } catturate in { $cells } devono tornare in gioco
    }: scegli una casella vuota dell'anello esterno.
say-new-game = Nuova partita.
# $played è "5 azioni".
say-back-to = Di nuovo alla posizione dopo { $played }.
say-to-move = { $side ->
       *[light] Tocca al Chiaro.
        [dark] Tocca allo Scuro.
    }

## La posizione a parole (D).

position-to-move = { $side ->
       *[light] Tocca al Chiaro
        [dark] Tocca allo Scuro
    }, dopo { $played }.
# $you è "yes" per lo schieramento dell'unica persona allo schermo.
position-side = { $side ->
       *[light] Chiaro
        [dark] Scuro
    }{ $you ->
        [yes] {" "}(tu)
       *[no] {""}
    }:
position-queen = regina in { $cell };
position-queen-throne = regina in { $cell }, sul trono;
position-guards = { $count ->
        [0] nessuna guardia.
        [one] { $count } guardia in { $cells }.
       *[other] { $count } guardie in { $cells }.
    }
position-captured = Catturate, da rimettere in gioco: { $cells }.

## Un suggerimento, e il perché. $why è fatto delle parti hint-… qui sotto,
## ognuna con la propria punteggiatura iniziale.

hint-sentence = Suggerimento: { $action }, { $piece ->
        [queen] la regina
        [guard] la guardia
       *[piece] la pedina
    } da { $from } a { $to }{ $why }.
hint-wins-throne = : completa l'anello del trono e vince
hint-wins = : vince
hint-captures = , catturando la { $piece ->
        [queen] regina
       *[guard] guardia
    } in { $cell }
# $ring è l'anello della regina dopo l'azione: 0 è il trono.
hint-queen-nearer = { $ring ->
        [0] : la regina conquista il trono
        [1] : la regina arriva accanto al trono
       *[other] : la regina si porta a { $ring } passi dal trono
    }
hint-exposes = , anche se permette { $side ->
       *[light] al Chiaro
        [dark] allo Scuro
    } di catturare in { $cells }

## Perché un'azione è rifiutata, detto con garbo. Le caselle sono nomi come f1.

refusal-game-over = La partita è finita.
refusal-no-piece = In { $cell } non c'è nessuna pedina.
refusal-not-yours = La pedina in { $cell } appartiene all'avversario.
refusal-must-relocate = In questo turno va ricollocata una pedina catturata.
refusal-queen-first = La regina catturata va ricollocata prima di qualsiasi guardia.
refusal-occupied = La casella { $cell } non è vuota.
refusal-not-adjacent = Un passo porta a una casella adiacente.
refusal-outward = Le pedine non si muovono mai verso l'esterno.
refusal-throne = Solo una regina può entrare nel trono.
refusal-intervention = La casella { $cell } si trova tra due pedine nemiche.
refusal-outer-ring = Una guardia va ricollocata sull'anello esterno, e { $cell } non ne fa parte.
# $claimed e $actual sono elenchi di caselle, oppure refusal-no-captures.
refusal-wrong-captures = Catture indicate dall'azione: { $claimed }; catture reali: { $actual }.
refusal-no-captures = nessuna
refusal-nowhere = Quella pedina non ha dove andare.
refusal-other-side = Quella pedina appartiene all'avversario.
refusal-friends-turn = Tocca al tuo amico: mandagli la tua mossa.
refusal-computers-turn = Aspetta la mossa del computer.
refusal-opponents-turn = Aspetta la mossa del tuo avversario.
refusal-watching = Stai guardando questa partita.
refusal-puzzle-wait = Aspetta la risposta.
refusal-not-an-action = «{ $text }» non è un'azione: scrivi le due caselle, come f1-f2.

## Avvisi su file e link, mostrati una volta in una finestra. Dove $error
## segue un punto, è una frase di errors.ftl che dice il perché; $problem e
## l'$error di un salvataggio non riuscito sono le parole del sistema o del
## browser stesso.

# $what è "saved-game", "settings", "seats" o "puzzles"; $place dove è stato conservato il file.
notice-unreadable-kept = { $what ->
       *[saved-game] Non è stato possibile leggere la tua partita salvata. È stata conservata come { $place } e non è stata usata.
        [settings] Non è stato possibile leggere le tue impostazioni. Sono state conservate come { $place } e non sono state usate.
        [seats] Non è stato possibile leggere i tuoi posti nelle partite online. Sono stati conservati come { $place } e non sono stati usati: un posto si riprende con il suo codice di recupero.
        [puzzles] Non è stato possibile leggere il tuo punteggio e la tua serie nei problemi. Sono stati conservati come { $place } e non sono stati usati: si ricomincia da capo.
    } { $error }
notice-unreadable-left = { $what ->
       *[saved-game] Non è stato possibile leggere la tua partita salvata, né metterla da parte ({ $problem }). È stata lasciata com'è.
        [settings] Non è stato possibile leggere le tue impostazioni, né metterle da parte ({ $problem }). Sono state lasciate come sono.
        [seats] Non è stato possibile leggere i tuoi posti nelle partite online, né metterli da parte ({ $problem }). Sono stati lasciati come sono.
        [puzzles] Non è stato possibile leggere il tuo punteggio e la tua serie nei problemi, né metterli da parte ({ $problem }). Sono stati lasciati come sono.
    } { $error }
notice-save-failed = Non è stato possibile salvare la partita: { $error }.
notice-settings-failed = Non è stato possibile salvare le tue impostazioni: { $error }.
notice-puzzles-failed = Non è stato possibile salvare il tuo punteggio nei problemi: { $error }.
notice-seats-failed = Non è stato possibile conservare su questo dispositivo il tuo posto nella partita online ({ $error }): annota il suo codice di recupero.
notice-link-failed = Non è stato possibile aprire il link. { $error }
notice-address-failed = Non è stato possibile aprire il link nell'indirizzo. { $error }
notice-load-failed = Non è stato possibile caricare { $path }. { $error }
# $index conta da 1.
notice-play-failed = --play: l'azione { $index }, «{ $action }», non è stata giocata. { $error }

## Scorrere la partita.

status-browsing = La posizione dopo { $played }, su { $total }: Fine o «Torna alla partita» per tornare.
# In a variation: $total is its length, with the game's actions before it.
status-variation = Una variante: la posizione dopo { $played }, su { $total }. Fine riporta alla partita.
variation-promote-hover = Fai di questa linea la partita; la linea della partita diventa una variante
variation-delete-hover = Elimina questa variante
say-browsing = La posizione dopo { $played }.
say-back-to-game = Di nuovo alla partita.
refusal-browsing = Sulla scacchiera c'è una posizione precedente: torna alla partita (Fine) per giocare.
