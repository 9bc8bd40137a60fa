## Il tutorial: otto lezioni, una regola ciascuna. Ognuna ha un titolo, che
## cosa fare e la lode una volta fatto.

lesson-inward-title = Passi verso l'interno
lesson-inward-text = L'obiettivo di Agon è il trono, la casella dorata al centro. Le pedine si muovono di una casella alla volta, lateralmente o verso l'interno, mai verso l'esterno. Fai clic sulla tua regina (la pedina alta), poi su uno dei punti più vicini al trono.
lesson-inward-praise = Ben fatto: ogni passo verso l'interno avvicina la tua regina al trono.

lesson-sideways-title = Passi laterali
lesson-sideways-text = Una pedina può anche muoversi lungo il proprio anello, restando alla stessa distanza dal trono. Muovi lateralmente una guardia (una pedina bassa).
lesson-sideways-praise = Giusto. Le mosse laterali permettono alle tue guardie di girare attorno fino a dove servono.

lesson-intervention-title = Divieto di interposizione
lesson-intervention-text = Non puoi mai muoverti su una casella che si trova tra due pedine nemiche in linea retta. Prendi la tua guardia in e3: la casella tra le due guardie dello Scuro non viene proposta. Spostala dove vuoi, tra le caselle consentite.
lesson-intervention-praise = Esatto: f4 si trova sulla stessa linea tra le guardie dello Scuro in e4 e g3, quindi per te è chiusa.

lesson-capture-title = Cattura
lesson-capture-text = Quando una tua pedina arriva accanto a una pedina nemica e subito oltre questa c'è un'altra delle tue pedine, la pedina nemica è catturata. I cerchi rossi mostrano dove una mossa cattura. Cattura la guardia dello Scuro in f4.
lesson-capture-praise = Catturata! La pedina resta dove si trova, coricata, fuori gioco finché lo Scuro non la rimette in gioco.

lesson-relocation-title = Ricollocazione
lesson-relocation-text = La tua guardia in f4 è stata catturata. Finché hai una pedina catturata, il tuo turno consiste nel ricollocarla: una guardia va su una qualsiasi casella vuota dell'anello esterno. È già selezionata per te: scegli un punto blu.
lesson-relocation-praise = Di nuovo in gioco, ma lontana dal trono: una cattura costa tempo.

lesson-queen-first-title = Prima la regina
lesson-queen-first-text = Quando la tua regina viene catturata, è ricollocata prima di qualsiasi guardia e può andare su una qualsiasi casella vuota della scacchiera, persino direttamente sul trono. Riportala a casa!
lesson-queen-first-praise = Una regina catturata può tornare direttamente sul trono.

lesson-ring-early-title = Mai chiudere l'anello troppo presto
lesson-ring-early-text = Se le tue sei guardie riempiono l'anello attorno al trono mentre la tua regina non è sul trono, perdi subito. Cinque guardie circondano il trono; far entrare ora la sesta (in d4) ti farebbe perdere. Avvicina invece la tua regina.
lesson-ring-early-praise = Al sicuro. L'anello va chiuso solo quando la regina occupa il trono.

lesson-throne-title = Il trono
lesson-throne-text = La tua regina occupa il trono e cinque guardie la circondano. Porta l'ultima guardia nell'anello per vincere.
lesson-throne-praise = Hai vinto! Queste sono tutte le regole. Ora sfida il computer al livello Principiante.
