## Words used all over the game.

side-light = Lys
side-dark = Mørk

level-beginner = Nybegynner
level-easy = Lett
level-medium = Middels
level-hard = Vanskelig
level-master = Mester
level-beginner-about = Går rett mot tronen, men ser bare på sitt eget trekk: den lar brikker bli fanget og overser nå og da en fangst. Begynn her.
level-easy-about = Ser svaret ditt og fangstene etter det, men ikke lenger, og overser et trekk nå og da. Tar omtrent fire av fem poeng mot Nybegynner.
level-medium-about = Ser tre trekk fremover og ser hver fangst som følger. Tar omtrent fire av fem poeng mot Lett.
level-hard-about = Ser fem trekk fremover og gjør nesten aldri feil. Tar mer enn fire av fem poeng mot Middels.
level-master-about = Tenker i to sekunder og spiller sitt aller beste.

# A number of actions (moves and relocations) played.
actions = { $count ->
        [one] { $count } trekk
       *[other] { $count } trekk
    }

mode-pass-and-play = to spillere, én skjerm
mode-watch = datamaskin mot datamaskin, { $level }
mode-vs-computer = mot datamaskinen, { $level }
mode-remote = en venn via lenke
mode-online = et parti på nett
mode-puzzle = en oppgave

# The title over the menu and in About.
game-name = AGON
game-subtitle = Queen's Guard · London, 1842
