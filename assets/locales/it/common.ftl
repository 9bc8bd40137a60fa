## Parole usate in tutto il gioco.

side-light = Chiaro
side-dark = Scuro

level-beginner = Principiante
level-easy = Facile
level-medium = Medio
level-hard = Difficile
level-master = Maestro
level-beginner-about = Punta al trono ma guarda solo alla propria azione: lascia pedine esposte alla cattura e ogni tanto si lascia sfuggire una cattura. Comincia da qui.
level-easy-about = Vede la tua risposta e le catture che ne seguono, ma niente di più, e ogni tanto trascura una mossa. Ottiene circa quattro punti ogni cinque partite contro Principiante.
level-medium-about = Guarda tre azioni avanti e vede ogni cattura che ne segue. Ottiene circa quattro punti ogni cinque partite contro Facile.
level-hard-about = Guarda cinque azioni avanti e non sbaglia quasi mai. Ottiene più di quattro punti ogni cinque partite contro Medio.
level-master-about = Riflette per due secondi e gioca al meglio delle sue forze.

# Un numero di azioni (passi e ricollocazioni) giocate.
actions = { $count ->
        [one] { $count } azione
       *[other] { $count } azioni
    }

mode-pass-and-play = passa e gioca
mode-watch = computer contro computer, { $level }
mode-vs-computer = contro il computer, { $level }
mode-remote = contro un amico via link
mode-online = una partita online
mode-puzzle = un problema

# Il titolo sopra il menu e in Informazioni.
game-name = AGON
game-subtitle = Queen's Guard · Londra, 1842
