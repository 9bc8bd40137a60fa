## Το πλευρικό πλαίσιο κατά τη διάρκεια μιας παρτίδας.

player-computer = υπολογιστής · { $level }
player-you = εσείς
player-friend = ο φίλος σας, μέσω συνδέσμου
# $queen είναι "in-play" ή "captured"· $guards μετρά τους φρουρούς σε παιχνίδι,
# $relocate τα αιχμάλωτα πιόνια που περιμένουν να επιστρέψουν.
pieces-in-play = { $queen ->
        [captured] αιχμάλωτη βασίλισσα
       *[in-play] βασίλισσα
    }, { $guards ->
        [one] { $guards } φρουρός
       *[other] { $guards } φρουροί
    } σε παιχνίδι{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } για επανατοποθέτηση
    }
actions-heading = Κινήσεις
in-words = Με λέξεις
in-words-hover = Η θέση με λέξεις: κάθε πιόνι με το κελί του (D)
command-hint = Γράψτε μια κίνηση, π.χ. f1-f2  ( / )
no-action-yet = Καμία κίνηση ακόμη. Τα Ανοιχτά παίζουν πρώτα.
invite-friend = Πρόσκληση φίλου
send-move = Αποστολή κίνησης
send-move-hover = Αντιγράψτε έναν σύνδεσμο της παρτίδας για να τον στείλετε στον φίλο σας
undo = Αναίρεση
undo-hover = Παίρνει πίσω την τελευταία σας κίνηση (Ctrl+Z)
redo = Επανάληψη
redo-hover = Ξαναπαίζει ό,τι πάρθηκε πίσω (Ctrl+Y)
hint = Υπόδειξη
hint-hover = Δείχνει μια καλή κίνηση (H)
resign = Παραίτηση
new-game = Νέα παρτίδα
menu = Μενού
rules = Κανόνες
settings = Ρυθμίσεις
record = Καταγραφή
record-hover = Εξαγωγή ή εισαγωγή καταγραφής παρτίδας
result = Αποτέλεσμα

## Ένα μάθημα της εκμάθησης, στο πλευρικό πλαίσιο.

lesson-count = Μάθημα { $n } από { $of }
lesson-retry = Η κίνηση αυτή είναι νόμιμη, αλλά δεν είναι αυτή που ζητά το μάθημα.
lesson-back = Πίσω
lesson-again = Δοκιμάστε ξανά
lesson-finish = Τέλος
lesson-next = Επόμενο
lesson-leave = Έξοδος εκμάθησης
lesson-leave-hover = Πίσω στο μενού και στην παρτίδα που αφήσατε

## Το κύριο μενού.

menu-resume = Συνέχιση παρτίδας
# $game είναι μια παρτίδα σε λίγες λέξεις ("εναντίον υπολογιστή, Εύκολο"), $played "5 κινήσεις".
menu-resume-hover = { $game }, { $played } ως τώρα
menu-continue = Συνέχεια παρτίδας
menu-play-computer = Εναντίον υπολογιστή
menu-pass-and-play = Παίξτε εναλλάξ
menu-pass-and-play-hover = Δύο παίκτες, μία οθόνη
menu-friend = Με φίλο μέσω συνδέσμου
menu-friend-hover = Παίζετε με τη σειρά στέλνοντας ο ένας στον άλλον έναν σύνδεσμο: χωρίς λογαριασμό, χωρίς διακομιστή
menu-learn = Μάθετε να παίζετε
menu-learn-hover = Οκτώ σύντομα μαθήματα, ένας κανόνας στο καθένα· η παρτίδα σας περιμένει
menu-load-record = Φόρτωση καταγραφής
about = Σχετικά
quit = Έξοδος

## Η λωρίδα του κινητού κάτω από το ταμπλό.

# Όπως το pieces-in-play, πιο σύντομα: "βασίλισσα, 6 φρουροί · 1 για επιστροφή".
pieces-short = { $queen ->
        [captured] βασίλισσα εκτός
       *[in-play] βασίλισσα
    }, { $guards ->
        [one] { $guards } φρουρός
       *[other] { $guards } φρουροί
    }{ $relocate ->
        [0] {""}
       *[other] {" "}· { $relocate } για επιστροφή
    }
more = Άλλα…

## Περιήγηση στην παρτίδα: το ταμπλό δείχνει μια προηγούμενη θέση, η
## παρτίδα μένει ως έχει.

browse-back = Μία κίνηση πίσω (← πάνω στη λίστα)
browse-forward = Μία κίνηση μπροστά (→ πάνω στη λίστα)
browse-back-to-game = Πίσω στην παρτίδα
browse-back-to-game-hover = Η τωρινή θέση της παρτίδας (End)
