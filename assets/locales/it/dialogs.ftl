## Informazioni.

about-version = versione { $version }
about-history = Agon, venduto anche come Queen's Guard, è un gioco di strategia astratta per due giocatori pubblicato a Londra nel 1842: il più antico gioco da tavolo noto giocato su caselle esagonali. Ogni schieramento comanda una regina e sei guardie su una scacchiera di 91 esagoni, disposti in sei anelli attorno a un trono centrale. Le pedine si muovono solo lateralmente o verso l'interno, mai verso l'esterno, quindi ogni turno avvicina la corsa al centro; vince chi per primo pone la propria regina sul trono, circondata da tutte e sei le sue guardie.
about-this-version = Questa versione segue le regole clausola per clausola, con una decisione documentata per ogni punto in cui il testo originale è ambiguo (RULES.md, distribuito con il codice sorgente).
about-licence = Software libero con licenza MIT o Apache 2.0, a tua scelta. Realizzato con Rust, Bevy, egui e kira.

## La finestra dei tasti (?): ogni tasto o gesto, e cosa fa.

keys-click-piece = Clic su una pedina
keys-click-piece-what = prenderla: i punti mostrano dove può andare, i cerchi rossi una cattura
keys-click-dot = Clic su un punto
keys-click-dot-what = spostare lì la pedina
keys-arrows = Frecce
keys-arrows-what = spostare il cursore tra le caselle della scacchiera
keys-tab = Tab
keys-tab-what = il cursore sulla tua pedina successiva; dopo l'ultima, sui pulsanti del pannello
keys-enter = Invio, Spazio
keys-enter-what = prendere la pedina sotto il cursore, o posarla lì
keys-slash = /
keys-slash-what = scrivere un'azione, come f1-f2, poi Invio
keys-esc = Esc
keys-esc-what = posare la pedina; chiudere una finestra, gli avvisi o il risultato; uscire dal pannello
keys-d = D
keys-d-what = la posizione a parole: ogni pedina con la sua casella
keys-ctrl-z = Ctrl+Z
keys-ctrl-z-what = annullare la tua ultima azione
keys-ctrl-y = Ctrl+Y
keys-ctrl-y-what = ripetere ciò che è stato annullato
keys-h = H
keys-h-what = un suggerimento: una buona azione, mostrata sulla scacchiera
keys-a = A
keys-a-what = analisi: il parere del computer sulla posizione, dove è permessa
keys-r = R
keys-r-what = ripristinare la visuale
keys-right-drag = Trascina col destro
keys-right-drag-what = ruotare la scacchiera
keys-wheel = Rotellina
keys-wheel-what = zoom
keys-copy-paste = Ctrl+C, Ctrl+V
keys-copy-paste-what = copiare e incollare nei campi di testo delle registrazioni
keys-question = ?
keys-question-what = questo elenco
keys-home-end = Home, Fine
keys-home-end-what = l'inizio della partita; ritorno alla partita
keys-left-right = ←, → sulle azioni
keys-left-right-what = un'azione indietro o avanti; clic su un'azione per vedere la posizione dopo di essa

## Titoli delle finestre.

dialog-rules = Come si gioca
dialog-records = Registrazioni delle partite
dialog-resign = Abbandonare?
dialog-discard = Eliminare la partita?
dialog-leave-online = Lasciare la partita online?
dialog-about = Informazioni su Agon
dialog-keys = Tasti
dialog-position = La posizione a parole
notices = Avviso
ok = OK

## L'abbandono, e la domanda prima di buttare via una partita.

resign-question = La partita finisce e vince il tuo avversario.
resign-play-on = Continua
# $game è una partita in poche parole ("contro il computer, Facile"), $played "5 azioni".
discard-saved = La tua partita salvata ({ $game }, dopo { $played }) andrà persa.
discard-in-progress = La partita in corso ({ $game }, dopo { $played }) andrà persa.
discard-keep = Tieni la partita
discard-it = Eliminala
discard-online = Lasci la tua partita online (dopo { $played }). Il tuo orologio continua a correre e l'avversario può reclamare la vittoria se resti lontano; il suo link ti riporta indietro.
discard-online-it = Lasciala

## Una nuova partita contro il computer.

new-game-side = Il tuo schieramento
new-game-light = Chiaro (muove per primo)
new-game-random = Casuale
new-game-random-hover = Sorteggiato di nuovo a ogni partita
new-game-level = Livello
new-game-start = Inizia
new-game-pass-and-play = Oppure passa e gioca
new-game-watch = Guarda
new-game-watch-hover = Il computer gioca contro se stesso a questo livello

## Impostazioni.

settings-language = Lingua
settings-language-system = Del sistema
settings-volume = Volume
settings-effects = Effetti
settings-music = Musica
settings-mute = Muto
settings-animations = Animazioni
animation-off = Disattivate
animation-fast = Veloci
animation-normal = Normali
animation-slow = Lente
settings-coordinates = Coordinate
settings-show-cell-names = Mostra i nomi delle caselle
settings-view-from = Punto di vista
settings-auto = Auto
settings-view-auto-hover = Il tuo schieramento contro il computer; chi deve muovere in «passa e gioca»
settings-theme = Tema
theme-classic = Classico
theme-high-contrast = Alto contrasto
theme-colour-safe = Per daltonici
settings-graphics = Grafica
graphics-high = Alta
graphics-low = Bassa
# Con che cosa disegna ora Auto: $now è "high" o "low".
settings-graphics-auto-now = Auto ({ $now ->
       *[high] alta
        [low] bassa
    })
settings-graphics-auto-hover = Alta, a meno che questo computer non disegni troppo lentamente
settings-graphics-high-hover = Bordi smussati e ombre morbide
settings-graphics-low-hover = Niente smussatura, niente ombre, luce più semplice: per computer lenti
settings-threads = Thread del computer
settings-threads-auto = Auto ({ $threads })
settings-threads-hover = Su quanti core del processore pensano insieme il Maestro e i suggerimenti. Auto ne lascia uno per disegnare il gioco.
settings-camera = Visuale
settings-reset-view = Ripristina visuale
settings-reset-view-hover = Il trascinamento col destro ruota la scacchiera, la rotellina fa lo zoom, R ripristina

## Il risultato di una partita.

game-over = Partita finita
game-over-after = dopo { $played }
game-over-next-level = Gioca il livello successivo: { $level }
game-over-again = Gioca ancora
game-over-look = Guarda la scacchiera

## Come si gioca: le regole in breve.

rules-goal = L'obiettivo
rules-goal-text = Porta la tua regina sul trono, la casella dorata al centro, con le tue sei guardie sulle sei caselle che lo circondano. Il Chiaro muove per primo.
rules-moving = Il movimento
rules-moving-text = A ogni turno sposta una delle tue pedine su una casella vuota adiacente, nello stesso anello o nell'anello successivo verso il trono. Mai verso l'esterno, mai con un salto. Solo una regina può entrare nel trono.
rules-intervention = Divieto di interposizione
rules-intervention-text = Non puoi mai muovere una pedina su una casella che si trova direttamente tra due pedine nemiche in linea retta.
rules-capture = Cattura
rules-capture-text = Quando una tua pedina arriva accanto a una pedina nemica e subito oltre questa, sulla stessa linea, c'è un'altra delle tue pedine, la pedina nemica è catturata. Resta dove si trova, coricata e fuori gioco.
rules-relocation = Ricollocazione
rules-relocation-text = Finché hai pedine catturate, il tuo turno consiste nel ricollocarne una: una guardia su una qualsiasi casella vuota dell'anello esterno, la regina su una qualsiasi casella vuota della scacchiera (anche il trono). La regina ha la precedenza.
rules-end = La fine
rules-end-text = Trono: la tua regina sul trono e le tue sei guardie attorno a lei, e hai vinto. Sconfitta a tavolino: se le tue sei guardie riempiono l'anello mentre la tua regina non è sul trono, perdi. Chi non ha più azioni legali perde. La terza ripetizione di una posizione è patta.
rules-controls = Comandi
rules-controls-text = Fai clic su una pedina per prenderla: i punti mostrano dove può andare, i cerchi rossi dove catturerebbe. Fai clic su un punto per muoverla. Esc posa la pedina o chiude una finestra. Il trascinamento col destro ruota la scacchiera, la rotellina fa lo zoom, R ripristina la visuale. Ctrl+Z annulla, Ctrl+Y ripete, H suggerimento, ? tutti i tasti.

## Registrazioni delle partite: esportare, importare, file.

records-export = Esporta
records-copy-record = Copia partita
records-copy-record-hover = L'intera partita in JSON
records-record-copied = La partita è stata copiata negli appunti.
records-copy-position = Copia posizione
records-copy-position-hover = La posizione sulla scacchiera, in AFN
records-position-copied = La posizione (AFN) è stata copiata negli appunti.
records-copy-link = Copia link
records-copy-link-hover = Un indirizzo web che apre questa partita
records-link-copied = Il link è stato copiato negli appunti.
records-download = Scarica
records-save = Salva su file
records-save-failed = Impossibile salvare: { $error }
records-saved-as = Salvato come { $path }
records-downloaded-as = Scaricato come { $name }
records-download-refused = il browser ha rifiutato il download: { $error }
records-folder-full = { $folder } contiene già 1000 registrazioni di oggi
records-import = Importa
records-import-help = Incolla (Ctrl+V) la registrazione di una partita, una posizione (AFN), un elenco di azioni come «1. f1-f2 f11-f10» o il link di una partita, oppure trascina un file sulla finestra.
records-open = Apri
records-open-file = Apri un file…
records-not-loaded = Caricamento non riuscito. { $error }
records-file-not-loaded = Non è stato possibile caricare { $name }. { $error }
records-the-file-picker = Selettore di file

## Giocare con un amico via link.

friend-link-help = Il link qui sotto è già negli appunti. Mandalo al tuo amico (per messaggio o e-mail): apre la partita dopo la tua mossa, perché possa rispondere. Quando ti arriva il suo link, aprilo o incollalo qui sotto.
friend-link-fair-play = Gioco tra amici: le regole controllano ogni azione, ma nulla impedisce a un giocatore di modificare un link.
friend-copy-again = Copia di nuovo
friend-copied-again = Copiato di nuovo.

## L'analisi del computer di una partita finita.

review = Revisione
review-hover = Il computer giudica ogni azione della partita
review-working = Il computer sta esaminando la partita…
review-summary = { $side ->
       *[light] Chiaro
        [dark] Scuro
    }: { $inaccuracies ->
        [one] 1 imprecisione
       *[other] { $inaccuracies } imprecisioni
    }, { $mistakes ->
        [one] 1 errore
       *[other] { $mistakes } errori
    }, { $blunders ->
        [one] 1 svista grave
       *[other] { $blunders } sviste gravi
    }; in media { $loss }% della probabilità di vittoria perso per azione.
review-graph-hover = La probabilità di vittoria del Chiaro lungo la partita: clic per vedere quella posizione
review-pick = Clic su un'azione, o sul grafico, per vederne il giudizio.
review-action = { $number }. { $action } ({ $side ->
       *[light] Chiaro
        [dark] Scuro
    }): probabilità di vittoria del Chiaro dopo l'azione { $chance }%.
review-marked = { $mark }{ $why }: perso il { $loss }% della probabilità di vittoria.
review-better = Meglio: { $action }{ $why }.
mark-inaccuracy = Un'imprecisione
mark-mistake = Un errore
mark-blunder = Una svista grave

## L'editor della scacchiera: qualsiasi posizione, pedina per pedina.

editor = Prepara una posizione
editor-open = Prepara…
editor-open-hover = Prepara una posizione qualsiasi, partendo da quella sulla scacchiera, poi giocala o analizzala
editor-help = Scegli una pedina, poi clicca sulle caselle per metterla; cliccala di nuovo per toglierla.
editor-light-queen = Regina del Chiaro
editor-light-guard = Guardia del Chiaro
editor-dark-queen = Regina dello Scuro
editor-dark-guard = Guardia dello Scuro
editor-capture = Catturata
editor-capture-hover = Clicca su una pedina per toglierla dal gioco (catturata, in attesa di essere ricollocata), o per rimetterla in gioco
editor-remove = Togli
editor-to-move = Muove:
editor-start = L'inizio
editor-clear = Scacchiera vuota
editor-ok = Le regole accettano questa posizione.
editor-over = Le regole accettano questa posizione, e in essa la partita è finita: { $reason }

## Gioca online: crea una partita, entra in una partita con il suo link, sfida
## chiunque, riprendi un posto.

dialog-online = Gioca online
online-create = Crea una partita
online-side = Il tuo schieramento:
online-clock = Orologio:
online-no-clock = Senza orologio
# Minuti per ciascuno schieramento, e secondi aggiunti dopo ogni azione: 5 + 3.
online-clock-value = { $minutes } + { $increment }
online-listed = Chiunque può entrare dall'elenco delle partite aperte
online-create-button = Crea
online-join = Entra con un link
online-join-hint = un link, o una stanza
online-join-button = Entra
online-anyone = Sfida chiunque
online-seek = Trova un avversario
online-seek-hover = Giochi contro la prima persona che cerca una partita con lo stesso orologio.
online-lobby = Partite aperte
online-lobby-refresh = Aggiorna
online-lobby-empty = Al momento non ci sono partite aperte.
# $side è lo schieramento che giocheresti; $clock come 5 + 3; $minutes da quando è aperta.
online-lobby-game = { $side ->
       *[light] Chiaro
        [dark] Scuro
    }, { $clock }, aperta da { $minutes } min
online-lobby-join = Gioca
online-claim = Riprendi un posto
online-claim-hint = il codice dell'altro dispositivo
online-claim-button = Riprendi il mio posto

## Perché il server ha rifiutato, detto con garbo.

online-refused-unknown-room = Questa partita non esiste sul server.
online-refused-bad-token = Il server non conosce il posto di questo dispositivo in quella partita.
online-refused-bad-code = Nessun posto ha questo codice.
online-refused-not-started = La partita aspetta il tuo avversario.
online-refused-stale = Nel frattempo la partita è andata avanti: eccola com'è ora.
online-refused-game-over = La partita è finita.
online-refused-no-clock = Senza orologio, la partita aspetta il tuo avversario.
online-refused-opponent-present = Il tuo avversario è presente.
online-refused-too-early = Il tempo di grazia del tuo avversario non è ancora trascorso.
online-refused-busy = Troppe richieste in una volta: riprova tra un momento.
online-refused-internal = Il server non è riuscito a registrarlo: riprova tra un momento.
# $detail sono le parole del server stesso, in inglese.
online-refused-other = Il server ha rifiutato: { $detail }

## La finestra dei problemi.

dialog-puzzles = Problemi
# $rating come 1523 (un ? finché è ancora incerto).
puzzles-record = Il tuo punteggio: { $rating } · Risolti al primo tentativo: { $solved } su { $tried }
puzzles-record-hover = Un ? dopo il punteggio vuol dire che si sta ancora assestando: nei primi problemi cambia in fretta.
puzzles-daily = Il problema del giorno
puzzles-daily-hover = Lo stesso problema per tutti, oggi
puzzles-next = Un problema per te
puzzles-next-hover = Un nuovo problema vicino al tuo punteggio
puzzles-theme = Tema:
puzzles-play-theme = Gioca
puzzles-streak = Serie
puzzles-streak-hover = Problemi uno dopo l'altro, sempre più difficili: un solo errore chiude la serie.
puzzles-streak-best = Il tuo record: { $count }.
puzzle-theme-throne = Il trono
puzzle-theme-throne-in = { $count ->
        [one] Il trono in un'azione
       *[other] Il trono in { $count } azioni
    }
puzzle-theme-capture = Catture
puzzle-theme-relocation = Ricollocazione
puzzle-theme-queen-hunt = Caccia alla regina
puzzle-theme-defence = Difesa
# $id così come lo dà il link.
puzzle-unknown = Il problema { $id } non esiste.
puzzle-none-left = Non resta nessun problema da giocare.
