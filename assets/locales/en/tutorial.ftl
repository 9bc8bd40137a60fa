## The tutorial: eight lessons, one rule each. Each has a title, what to do,
## and the praise once it is done.

lesson-inward-title = Stepping inward
lesson-inward-text = The goal of Agon is the throne, the golden cell in the middle. Pieces move one cell at a time, sideways or inward, never outward. Click your queen (the tall piece), then one of the dots closer to the throne.
lesson-inward-praise = Well done: every step inward brings your queen closer to the throne.

lesson-sideways-title = Stepping sideways
lesson-sideways-text = A piece may also move along its own ring, keeping its distance from the throne. Move a guard (a short piece) sideways.
lesson-sideways-praise = Right. Sideways moves let your guards go round to where they are needed.

lesson-intervention-title = No intervention
lesson-intervention-text = You may never move onto a cell that lies between two enemy pieces on a straight line. Pick up your guard on e3: the cell between Dark's two guards is not offered. Move it anywhere it may go.
lesson-intervention-praise = Exactly: f4 lies between Dark's e4 and g3 on one line, so it is closed to you.

lesson-capture-title = Capture
lesson-capture-text = When your piece arrives next to an enemy that has one of your pieces directly beyond it, the enemy is captured. Red rings show where a move captures. Capture Dark's guard on f4.
lesson-capture-praise = Captured! The piece stays where it is, lying down, out of play until Dark brings it back.

lesson-relocation-title = Relocation
lesson-relocation-text = Your guard on f4 was captured. While you have a captured piece, your turn is to relocate it: a guard goes to any empty cell of the outer ring. It is picked up for you: choose a blue dot.
lesson-relocation-praise = Back in play, but far from the throne: a capture costs time.

lesson-queen-first-title = The queen goes first
lesson-queen-first-text = When your queen is captured she is relocated before any guard, and she may go to any empty cell of the board, even straight onto the throne. Bring her home!
lesson-queen-first-praise = A captured queen can come back right onto the throne.

lesson-ring-early-title = Never close the ring early
lesson-ring-early-text = If your six guards fill the ring around the throne while your queen is not on it, you lose at once. Five guards surround the throne; moving the sixth (on d4) in now would lose. Bring your queen closer instead.
lesson-ring-early-praise = Safe. The ring is closed only once the queen holds the throne.

lesson-throne-title = The throne
lesson-throne-text = Your queen holds the throne and five guards surround her. Move the last guard into the ring to win.
lesson-throne-praise = You won! That is all the rules. Now try the computer at Beginner.
