## Why a position, an action, a game record, a pasted text or a link cannot
## be read. Each is a whole sentence, said after one that tells what failed
## ("Lenken kunne ikke åpnes. Partikoden er tom.").
## Quoted text ($found, $text, $run, $char, $escape, $name) is what the
## player gave, as they gave it. Actions are counted from 1.
## Terms in nb: a file of the board is «linje», a rank «rad», an action
## «trekk», a game record «partiprotokoll», a game code «partikode».

## Cells.

error-cell = «{ $name }» er ikke et felt på brettet (linjene er a til l uten j, og radene telles fra 1).

## Positions (AFN): the board, the side to move and the captured pieces, in
## three parts. A file (linje) is a line of cells, from a to l.

error-afn-fields = En stilling har tre deler (brettet, siden i trekket, de fangede brikkene) atskilt med enkle mellomrom, men denne har { $found }.
error-afn-files = Brettet har 11 linjer atskilt med «/», men denne stillingen har { $found }.
error-afn-file-length = Linje { $file } har { $expected } felter, men stillingen beskriver { $found }.
error-afn-character = «{ $char }» på linje { $file } er verken en brikke (Q, G, q, g) eller et antall tomme felter.
error-afn-run = «{ $run }» på linje { $file } er ikke et antall tomme felter.
error-afn-run-too-long = Linje { $file } har { $cells } felter, færre enn de { $run } tomme feltene stillingen gir den.
error-afn-queens = { $side ->
       *[light] Lys har mer enn én dronning.
        [dark] Mørk har mer enn én dronning.
    }
error-afn-guards = { $side ->
       *[light] Lys har mer enn seks vakter.
        [dark] Mørk har mer enn seks vakter.
    }
error-afn-guard-on-throne = En vakt står på tronen, f6, der bare en dronning kan stå.
error-afn-side = Siden i trekket er «l» (Lys) eller «d» (Mørk), ikke «{ $found }».
# $error is error-cell.
error-afn-captured-cell = Blant de fangede brikkene: { $error }
error-afn-captured-empty = { $cell } er merket som fanget, men det står ingen brikke der.
error-afn-captured-twice = { $cell } er merket som fanget to ganger.

## Actions, as text.

error-action-form = «{ $text }» er ikke et trekk: et trekk angir to felter, f.eks. f1-f2.
# $error is error-cell.
error-action-cell = I trekket «{ $text }»: { $error }
error-action-same-cell = «{ $text }» er ikke et trekk: det starter og slutter på samme felt.
# $number counts from 1; $error is what is wrong with the action (a rule it
# breaks, said as on the board, or its text).
error-action-at = Trekk { $number }, «{ $text }», kan ikke spilles. { $error }

## Game records and pasted text.

# $detail is the JSON reader's own description, in English.
error-record-json = Dette er ikke en partiprotokoll som kan leses ({ $detail }).
error-record-format = Dette er ikke en partiprotokoll fra Agon: formatet er «{ $found }».
error-record-version = Denne partiprotokollen har versjon { $found }, og dette spillet leser versjon { $known }.
# $error is one of the error-afn- messages.
error-record-start = Startstillingen i partiprotokollen er umulig. { $error }
# $stored is the ending the record gives, $actual where its actions lead:
# each a sentence of their own (the endings of words.ftl), or the next two.
error-record-result = Partiprotokollen oppgir et resultat som trekkene ikke fører til. Den sier: { $stored } Trekkene fører til: { $actual }
error-no-result = ikke noe resultat.
error-in-progress = et parti som fortsatt pågår.
error-import-empty = Det er ingenting å lese.
# $error is one of the error-afn- messages.
error-import-position = Dette er ikke en stilling som kan leses. { $error }

## Links and game codes. A game code (partikode) is the text after game= in
## a link.

error-link-too-long = Lenken er for lang: { $bytes } byte, der høyst { $most } blir lest.
error-code-too-long = Partikoden er for lang: { $bytes } byte, der høyst { $most } blir lest.
# $at counts bytes from 0, as the link is written.
error-link-escape = «{ $escape }» ved byte { $at } er ikke en gyldig prosentkoding: «%» skal følges av to heksadesimale sifre.
error-link-not-utf8 = Den prosentkodede teksten ved byte { $at } er ikke gyldig tekst.
error-code-character = «{ $char }» ved byte { $at } kan ikke være en del av en partikode (bare A til Z, a til z, 0 til 9, - og _ kan det).
error-code-partial = Partikoden har ett tegn for mye eller for lite: den er blitt kortet ned eller har fått noe lagt til.
error-code-empty = Partikoden er tom.
error-code-version = Partikoden har versjon { $found }, og dette spillet leser versjon { $known }.
error-code-cut-start = Partikoden slutter midt i startstillingen.
error-code-cut-count = Partikoden slutter før den sier hvor mange trekk den inneholder.
error-code-cut-action = Partikoden slutter midt i trekk { $number }.
error-code-standard-start = Partikoden oppgir den vanlige startstillingen som en egen stilling, noe ingen partikode gjør.
# $error is one of the error-afn- messages.
error-code-start = Startstillingen i partikoden er umulig. { $error }
error-code-actions = Partikoden inneholder mer enn { $most } trekk.
error-code-out-of-range = Trekk { $number } i partikoden er ikke blant trekkene som kan spilles der.
# $reason is the ending's own sentence (the endings of words.ftl).
error-code-after-end = Trekk { $number } i partikoden kommer etter at partiet er slutt. { $reason }
# $reason is a rule the action breaks, said as on the board.
error-code-illegal = Trekk { $number } i partikoden kan ikke spilles. { $reason }
error-code-stray-bits = Partikoden har noe til overs etter det siste trekket.
# $error is one of the error-afn- messages.
error-link-position = Stillingen i lenken er umulig. { $error }
# $key is a part of the link, as written in it: game, afn, mode, side or level.
error-link-twice = Lenken oppgir { $key }= to ganger.
error-link-game-and-position = Lenken oppgir både et parti (game=) og en stilling (afn=).
error-link-nothing = Lenken inneholder verken et parti (game=) eller en stilling (afn=).
error-link-mode = Lenkens mode=«{ $found }» er ikke blant vs-computer, pass-and-play, watch og remote.
error-link-side = Lenkens side=«{ $found }» er verken light eller dark.
error-link-level = Lenkens level=«{ $found }» er ikke blant beginner, easy, medium, hard og master.

## Files.

error-file-missing = { $path } finnes ikke.
# $detail is the system's or the browser's own description, in English.
error-file-unreadable = Filen kan ikke leses ({ $detail }).
# $detail is the JSON reader's own description, in English.
error-settings-json = Innstillingene kan ikke leses ({ $detail }).
error-settings-volume = Et volum ligger utenfor området 0 til 1.
error-settings-threads = Datamaskinens tråder ({ $threads }) er flere enn { $most }.
error-link-online = Dette er en lenke til et parti på nett: åpne den med «Spill på nett», «Bli med via lenke».
# $found as the link gives it.
error-link-room = «{ $found }» er ikke et parti på nett (8 til 64 bokstaver, sifre, - eller _).
# $detail is the JSON reader's own description, in English.
error-seats = Plassene kan ikke leses ({ $detail }).
error-link-puzzle = Dette er en lenke til en oppgave, ikke til et parti.
# $detail is the JSON reader's own description, in English.
error-puzzles = Oppgavehistorikken kan ikke leses ({ $detail }).
