## The tutorial: eight lessons, one rule each. Each has a title, what to do,
## and the praise once it is done.

lesson-inward-title = Steg innover
lesson-inward-text = Målet i Agon er tronen, det gylne feltet i midten. Brikkene flytter ett felt om gangen, sidelengs eller innover, aldri utover. Klikk på dronningen din (den høye brikken), og så på en av prikkene nærmere tronen.
lesson-inward-praise = Bra: hvert steg innover bringer dronningen din nærmere tronen.

lesson-sideways-title = Steg sidelengs
lesson-sideways-text = En brikke kan også flytte langs sin egen ring og holde samme avstand til tronen. Flytt en vakt (en lav brikke) sidelengs.
lesson-sideways-praise = Riktig. Sidelengs trekk lar vaktene dine gå rundt dit de trengs.

lesson-intervention-title = Ikke inn mellom
lesson-intervention-text = Du kan aldri flytte til et felt som ligger mellom to fiendtlige brikker på en rett linje. Plukk opp vakten din på e3: feltet mellom Mørks to vakter blir ikke tilbudt. Flytt den hvor som helst den kan gå.
lesson-intervention-praise = Nettopp: f4 ligger mellom Mørks e4 og g3 på én linje, så det er stengt for deg.

lesson-capture-title = Fangst
lesson-capture-text = Når brikken din kommer ved siden av en fiendtlig brikke som har en av dine brikker rett på den andre siden av seg, er den fiendtlige brikken fanget. Røde ringer viser hvor et trekk fanger. Fang Mørks vakt på f4.
lesson-capture-praise = Fanget! Brikken blir stående der den er, liggende, ute av spill til Mørk setter den tilbake.

lesson-relocation-title = Tilbakesetting
lesson-relocation-text = Vakten din på f4 ble fanget. Så lenge du har en fanget brikke, går turen din med til å sette den tilbake: en vakt går til et hvilket som helst tomt felt i ytterringen. Den er plukket opp for deg: velg en blå prikk.
lesson-relocation-praise = Tilbake i spill, men langt fra tronen: en fangst koster tid.

lesson-queen-first-title = Dronningen går først
lesson-queen-first-text = Når dronningen din blir fanget, settes hun tilbake før noen vakt, og hun kan gå til et hvilket som helst tomt felt på brettet, til og med rett på tronen. Før henne hjem!
lesson-queen-first-praise = En fanget dronning kan komme tilbake rett på tronen.

lesson-ring-early-title = Lukk aldri ringen for tidlig
lesson-ring-early-text = Hvis de seks vaktene dine fyller ringen rundt tronen mens dronningen din ikke står på den, taper du med en gang. Fem vakter omgir tronen; å flytte inn den sjette (på d4) nå ville gi tap. Før heller dronningen din nærmere.
lesson-ring-early-praise = Trygt. Ringen lukkes først når dronningen sitter på tronen.

lesson-throne-title = Tronen
lesson-throne-text = Dronningen din sitter på tronen, og fem vakter omgir henne. Flytt den siste vakten inn i ringen for å vinne.
lesson-throne-praise = Du vant! Det var alle reglene. Prøv deg nå mot datamaskinen på nivået Nybegynner.
