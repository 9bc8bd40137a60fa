## Perché una posizione, un'azione, una registrazione di partita, un testo
## incollato o un link non si possono leggere. Ognuno è una frase completa,
## detta dopo quella che dice che cosa non è riuscito ("Non è stato possibile
## aprire il link. Il codice della partita è vuoto.").
## Il testo tra virgolette ($found, $text, $run, $char, $escape, $name) è
## quello dato dal giocatore, così come l'ha dato. Le azioni si contano da 1.

## Caselle.

error-cell = «{ $name }» non è una casella della scacchiera (le colonne vanno da a a l, senza la j, e le righe si contano da 1).

## Posizioni (AFN): la scacchiera, chi deve muovere e le pedine catturate, in
## tre parti. Una colonna è una fila di caselle, da a a l.

error-afn-fields = Una posizione ha tre parti (la scacchiera, chi deve muovere, le pedine catturate) separate da un singolo spazio, ma questa ne ha { $found }.
error-afn-files = La scacchiera ha 11 colonne separate da «/», ma questa ne ha { $found }.
error-afn-file-length = La colonna { $file } ha { $expected } caselle, ma la posizione ne descrive { $found }.
error-afn-character = «{ $char }» nella colonna { $file } non è né una pedina (Q, G, q, g) né un numero di caselle vuote.
error-afn-run = «{ $run }» nella colonna { $file } non è un numero di caselle vuote.
error-afn-run-too-long = La colonna { $file } ha { $cells } caselle, meno delle { $run } caselle vuote che le vengono attribuite.
error-afn-queens = { $side ->
       *[light] Il Chiaro ha più di una regina.
        [dark] Lo Scuro ha più di una regina.
    }
error-afn-guards = { $side ->
       *[light] Il Chiaro ha più di sei guardie.
        [dark] Lo Scuro ha più di sei guardie.
    }
error-afn-guard-on-throne = Una guardia si trova sul trono, f6, dove può stare solo una regina.
error-afn-side = Chi deve muovere si indica con «l» (Chiaro) o «d» (Scuro), non con «{ $found }».
# $error è error-cell.
error-afn-captured-cell = Tra le pedine catturate: { $error }
error-afn-captured-empty = La casella { $cell } è indicata come catturata, ma lì non c'è nessuna pedina.
error-afn-captured-twice = La casella { $cell } è indicata come catturata due volte.

## Azioni, scritte come testo.

error-action-form = «{ $text }» non è un'azione: un'azione indica due caselle, come f1-f2.
# $error è error-cell.
error-action-cell = Nell'azione «{ $text }»: { $error }
error-action-same-cell = «{ $text }» non è un'azione: inizia e finisce sulla stessa casella.
# $number conta da 1; $error è ciò che non va nell'azione (una regola che
# infrange, detta come sulla scacchiera, o il suo testo).
error-action-at = L'azione { $number }, «{ $text }», non può essere giocata. { $error }

## Registrazioni delle partite e testo incollato.

# $detail è la descrizione data dal lettore JSON stesso, in inglese.
error-record-json = Questa non è una registrazione di partita leggibile ({ $detail }).
error-record-format = Questa non è la registrazione di una partita di Agon: il suo formato è «{ $found }».
error-record-version = Questa registrazione è della versione { $found }, e questo gioco legge la versione { $known }.
# $error è uno dei messaggi error-afn-.
error-record-start = La posizione iniziale della registrazione è impossibile. { $error }
# $stored è il finale indicato dalla registrazione, $actual quello a cui
# portano le sue azioni: ognuno una frase a sé (i finali di words.ftl), o uno
# dei due messaggi seguenti.
error-record-result = La registrazione indica un risultato a cui le sue azioni non portano. Vi si legge: { $stored } Le azioni portano invece a: { $actual }
error-no-result = nessun risultato.
error-in-progress = una partita ancora in corso.
error-import-empty = Non c'è niente da leggere.
# $error è uno dei messaggi error-afn-.
error-import-position = Questa non è una posizione leggibile. { $error }

## Link e codici della partita. Un codice della partita è il testo che segue
## game= in un link.

error-link-too-long = Il link è troppo lungo: { $bytes } byte, mentre se ne leggono al massimo { $most }.
error-code-too-long = Il codice della partita è troppo lungo: { $bytes } byte, mentre se ne leggono al massimo { $most }.
# $at conta i byte da 0, così come è scritto il link.
error-link-escape = «{ $escape }» al byte { $at } non è una sequenza di escape: «%» deve essere seguito da due cifre esadecimali.
error-link-not-utf8 = Il testo codificato con % al byte { $at } non è testo valido.
error-code-character = «{ $char }» al byte { $at } non può far parte di un codice della partita (sono ammessi solo da A a Z, da a a z, da 0 a 9, - e _).
error-code-partial = Il codice della partita ha un carattere di troppo o di meno: è stato troncato o allungato.
error-code-empty = Il codice della partita è vuoto.
error-code-version = Il codice della partita è della versione { $found }, e questo gioco legge la versione { $known }.
error-code-cut-start = Il codice della partita si interrompe a metà della posizione iniziale.
error-code-cut-count = Il codice della partita si interrompe prima di dire quante azioni contiene.
error-code-cut-action = Il codice della partita si interrompe a metà dell'azione { $number }.
error-code-standard-start = Il codice della partita riporta la normale posizione iniziale come una posizione a sé, cosa che nessun codice della partita fa.
# $error è uno dei messaggi error-afn-.
error-code-start = La posizione iniziale del codice della partita è impossibile. { $error }
error-code-actions = Il codice della partita contiene più di { $most } azioni.
error-code-out-of-range = L'azione { $number } del codice della partita non è tra quelle che si possono giocare in quel punto.
# $reason è la frase del finale stesso (i finali di words.ftl).
error-code-after-end = L'azione { $number } del codice della partita viene dopo la fine della partita. { $reason }
# $reason è una regola che l'azione infrange, detta come sulla scacchiera.
error-code-illegal = L'azione { $number } del codice della partita non può essere giocata. { $reason }
error-code-stray-bits = Nel codice della partita avanza qualcosa dopo l'ultima azione.
# $error è uno dei messaggi error-afn-.
error-link-position = La posizione nel link è impossibile. { $error }
# $key è una parte del link, come vi è scritta: game, afn, mode, side o level.
error-link-twice = Il link indica { $key }= due volte.
error-link-game-and-position = Il link indica sia una partita (game=) sia una posizione (afn=).
error-link-nothing = Il link non contiene né una partita (game=) né una posizione (afn=).
error-link-mode = Il valore mode=«{ $found }» del link non è tra vs-computer, pass-and-play, watch e remote.
error-link-side = Il valore side=«{ $found }» del link non è né light né dark.
error-link-level = Il valore level=«{ $found }» del link non è tra beginner, easy, medium, hard e master.

## File.

error-file-missing = { $path } non esiste.
# $detail è la descrizione data dal sistema o dal browser stesso, in inglese.
error-file-unreadable = Non è possibile leggere il file ({ $detail }).
# $detail è la descrizione data dal lettore JSON stesso, in inglese.
error-settings-json = Non è possibile leggere le impostazioni ({ $detail }).
error-settings-volume = Un volume è al di fuori dell'intervallo tra 0 e 1.
error-settings-threads = I thread del computer ({ $threads }) sono più di { $most }.
error-link-online = Questo è il link di una partita online: aprilo con «Gioca online», «Entra con un link».
# $found così come lo dà il link.
error-link-room = «{ $found }» non è una partita online (da 8 a 64 lettere, cifre, - o _).
# $detail è la descrizione data dal lettore JSON stesso, in inglese.
error-seats = Non è possibile leggere i posti nelle partite online ({ $detail }).
error-link-puzzle = Questo è il link di un problema, non di una partita.
# $detail è la descrizione data dal lettore JSON stesso, in inglese.
error-puzzles = Non è possibile leggere i tuoi risultati nei problemi ({ $detail }).
