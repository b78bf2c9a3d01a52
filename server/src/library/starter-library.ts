/**
 * The starter library of a renovation firm (issue 22): what a small general contractor prices
 * every week in demolition, plasterwork, electricity, plumbing, painting and tiling. Written by us:
 * purchase prices excl. VAT as a trade counter (négoce) quotes a firm in 2026, plausible, rounded,
 * not any supplier's tariff; the firm adjusts them or imports its own price list over them (same
 * codes: updated). Labour without a cost takes the company's hourly cost (« Coûts et prix de
 * vente »); works are composed of the other items, quantities for one unit of the work.
 *
 * One line per item, fields separated by « | »:
 * - supply, equipment: `code | designation | unit | price in euros`;
 * - labour: `code | designation | h | own hourly cost in euros, or empty: the company's`;
 * - work: `code | designation | unit | component code × quantity, …`.
 */

export interface StarterFamily {
  name: string;
  supplies: string;
  labour: string;
  equipment: string;
  works: string;
}

export const starterFamilies: StarterFamily[] = [
  {
    name: 'Démolition',
    supplies: `
      DEM-F01 | Sac à gravats 80 L renforcé | u | 0,85
      DEM-F02 | Big bag 1 m³ pour gravats | u | 9,50
      DEM-F03 | Bâche de protection polyane 4 × 25 m | rouleau | 38,00
      DEM-F04 | Film de protection sol adhésif 100 m² | rouleau | 62,00
      DEM-F05 | Carton de protection sol 1,2 × 50 m | rouleau | 45,00
      DEM-F06 | Ruban adhésif de masquage 50 mm | rouleau | 4,20
      DEM-F07 | Disque diamant béton Ø 230 | u | 42,00
      DEM-F08 | Disque à tronçonner métal Ø 125 | u | 1,90
      DEM-F09 | Étai de maçon 1,70–3,00 m | u | 34,00
      DEM-F10 | Bastaing sapin 63 × 175, 4 m | u | 24,00
      DEM-F11 | Masque FFP3 (boîte de 10) | boîte | 28,00
      DEM-F12 | Mise en décharge gravats inertes | t | 22,00
      DEM-F13 | Mise en décharge déchets non dangereux (DIB) | t | 135,00
      DEM-F14 | Mise en décharge plâtre | t | 110,00
      DEM-F15 | Porte-fenêtre de chantier (pare-poussière zippé) | u | 29,00
      DEM-F16 | Pointe à tracer carbure | u | 6,50
      DEM-F17 | Foret SDS+ béton Ø 12 | u | 8,90
      DEM-F18 | Burin SDS+ plat 250 mm | u | 14,50
    `,
    labour: `
      DEM-MO1 | Démolition, dépose (compagnon) | h |
      DEM-MO2 | Manœuvre de chantier | h | 32,00
    `,
    equipment: `
      DEM-E01 | Benne 10 m³ (location, rotation comprise) | u | 380,00
      DEM-E02 | Benne 3 m³ (location, rotation comprise) | u | 210,00
      DEM-E03 | Marteau-piqueur 10 kg (location) | j | 48,00
      DEM-E04 | Perforateur-burineur SDS max (location) | j | 32,00
      DEM-E05 | Aspirateur de chantier classe M (location) | j | 25,00
      DEM-E06 | Goulotte à gravats (location) | j | 18,00
    `,
    works: `
      DEM-O01 | Dépose de cloison en carreaux de plâtre, évacuation comprise | m² | DEM-MO1 × 0,6, DEM-F01 × 2, DEM-F14 × 0,08
      DEM-O02 | Dépose de doublage plaque de plâtre sur ossature | m² | DEM-MO1 × 0,35, DEM-F01 × 1, DEM-F14 × 0,03
      DEM-O03 | Dépose de carrelage sol et chape, évacuation comprise | m² | DEM-MO1 × 0,9, DEM-E03 × 0,05, DEM-F01 × 3, DEM-F12 × 0,1
      DEM-O04 | Dépose de faïence murale | m² | DEM-MO1 × 0,5, DEM-E04 × 0,04, DEM-F01 × 1, DEM-F12 × 0,03
      DEM-O05 | Dépose de parquet collé | m² | DEM-MO1 × 0,45, DEM-F01 × 1, DEM-F13 × 0,02
      DEM-O06 | Dépose d'appareil sanitaire (WC, lavabo, évier) | u | DEM-MO1 × 0,75, DEM-F13 × 0,03
      DEM-O07 | Dépose de baignoire acier ou fonte | u | DEM-MO1 × 1,5, DEM-MO2 × 1, DEM-F13 × 0,1
      DEM-O08 | Protection des sols et des accès | m² | DEM-MO2 × 0,1, DEM-F04 × 0,01, DEM-F06 × 0,1
      DEM-O09 | Ouverture de baie dans mur porteur (hors IPN) | m² | DEM-MO1 × 4, DEM-MO2 × 4, DEM-E04 × 0,5, DEM-F09 × 2, DEM-F12 × 0,4
      DEM-O10 | Évacuation des gravats en benne 10 m³ | u | DEM-E01 × 1, DEM-MO2 × 2
      DEM-O11 | Dépose d'installation électrique apparente | m² | DEM-MO1 × 0,1, DEM-F13 × 0,002
    `,
  },
  {
    name: 'Plâtrerie',
    supplies: `
      PLA-F01 | Plaque de plâtre BA13 standard 1,20 × 2,50 m | m² | 3,40
      PLA-F02 | Plaque de plâtre BA13 hydrofuge (H1) | m² | 5,20
      PLA-F03 | Plaque de plâtre BA13 phonique | m² | 6,90
      PLA-F04 | Plaque de plâtre BA13 haute dureté | m² | 7,80
      PLA-F05 | Plaque de plâtre BA18 coupe-feu | m² | 8,60
      PLA-F06 | Rail R48 3 m | ml | 1,35
      PLA-F07 | Montant M48 3 m | ml | 1,65
      PLA-F08 | Fourrure F530 3 m | ml | 1,20
      PLA-F09 | Suspente pivot F530 | u | 0,55
      PLA-F10 | Appui intermédiaire doublage | u | 0,60
      PLA-F11 | Vis TTPC 25 mm (boîte de 1000) | boîte | 14,00
      PLA-F12 | Bande à joint papier 150 m | rouleau | 5,90
      PLA-F13 | Enduit à joint prise 2 h, sac 25 kg | sac | 19,50
      PLA-F14 | Enduit à joint prêt à l'emploi, seau 25 kg | seau | 24,00
      PLA-F15 | Laine de verre 45 mm pour cloison (R 1,25) | m² | 3,10
      PLA-F16 | Laine de verre 100 mm doublage (R 3,15) | m² | 6,40
      PLA-F17 | Laine de roche 120 mm (R 3,40) | m² | 9,80
      PLA-F18 | Complexe isolant PSE + BA13 100 mm | m² | 19,50
      PLA-F19 | Mortier adhésif pour plaques (MAP), sac 25 kg | sac | 11,50
      PLA-F20 | Cornière d'angle métal 2,50 m | u | 2,40
      PLA-F21 | Plâtre à projeter, sac 30 kg | sac | 12,80
      PLA-F22 | Plâtre de finition, sac 25 kg | sac | 13,60
      PLA-F23 | Carreau de plâtre 70 mm plein | m² | 14,20
      PLA-F24 | Colle pour carreaux de plâtre, sac 25 kg | sac | 15,90
      PLA-F25 | Trappe de visite 30 × 30 plaque de plâtre | u | 22,00
      PLA-F26 | Bloc-porte isoplane 204 × 83 prépeint | u | 95,00
      PLA-F27 | Membrane pare-vapeur 4 × 25 m | rouleau | 58,00
      PLA-F28 | Adhésif pare-vapeur 60 mm × 25 m | rouleau | 16,00
    `,
    labour: `
      PLA-MO1 | Plaquiste (compagnon) | h |
      PLA-MO2 | Aide plaquiste | h | 30,00
    `,
    equipment: `
      PLA-E01 | Lève-plaque (location) | j | 22,00
      PLA-E02 | Échafaudage roulant 4 m (location) | j | 28,00
      PLA-E03 | Ponceuse girafe (location) | j | 35,00
    `,
    works: `
      PLA-O01 | Cloison 72/48 BA13 avec isolant 45 mm | m² | PLA-MO1 × 0,55, PLA-F01 × 2,1, PLA-F06 × 0,8, PLA-F07 × 2, PLA-F15 × 1,05, PLA-F11 × 0,03, PLA-F12 × 0,006, PLA-F13 × 0,015
      PLA-O02 | Cloison 72/48 BA13 hydrofuge (pièce humide) | m² | PLA-MO1 × 0,6, PLA-F02 × 2,1, PLA-F06 × 0,8, PLA-F07 × 2, PLA-F15 × 1,05, PLA-F11 × 0,03, PLA-F12 × 0,006, PLA-F13 × 0,015
      PLA-O03 | Doublage sur ossature F530, laine 100 mm | m² | PLA-MO1 × 0,5, PLA-F01 × 1,05, PLA-F08 × 2,2, PLA-F09 × 1,8, PLA-F16 × 1,05, PLA-F11 × 0,02, PLA-F12 × 0,003, PLA-F13 × 0,01
      PLA-O04 | Doublage collé PSE + BA13 100 mm | m² | PLA-MO1 × 0,4, PLA-F18 × 1,05, PLA-F19 × 0,2, PLA-F12 × 0,003, PLA-F13 × 0,01
      PLA-O05 | Faux plafond BA13 sur fourrures | m² | PLA-MO1 × 0,7, PLA-E01 × 0,02, PLA-F01 × 1,05, PLA-F08 × 2,6, PLA-F09 × 2, PLA-F11 × 0,02, PLA-F12 × 0,003, PLA-F13 × 0,01
      PLA-O06 | Isolation de combles perdus sous plafond, laine de roche 120 mm | m² | PLA-MO1 × 0,25, PLA-F17 × 1,05, PLA-F27 × 0,011, PLA-F28 × 0,02
      PLA-O07 | Cloison en carreaux de plâtre 70 mm | m² | PLA-MO1 × 0,8, PLA-F23 × 1,05, PLA-F24 × 0,2
      PLA-O08 | Pose de bloc-porte isoplane en cloison | u | PLA-MO1 × 2, PLA-F26 × 1
      PLA-O09 | Enduit plâtre projeté sur mur, 10 mm | m² | PLA-MO1 × 0,35, PLA-MO2 × 0,2, PLA-F21 × 0,45
      PLA-O10 | Bandes et joints sur plaques existantes | m² | PLA-MO1 × 0,2, PLA-F12 × 0,008, PLA-F13 × 0,02
      PLA-O11 | Coffrage de gaine en BA13 | ml | PLA-MO1 × 0,8, PLA-F01 × 0,7, PLA-F06 × 2, PLA-F20 × 0,4, PLA-F11 × 0,01
    `,
  },
  {
    name: 'Électricité',
    supplies: `
      ELE-F01 | Câble R2V 3G1,5 mm² | ml | 0,95
      ELE-F02 | Câble R2V 3G2,5 mm² | ml | 1,45
      ELE-F03 | Câble R2V 3G6 mm² | ml | 3,60
      ELE-F04 | Fil H07V-U 1,5 mm² (couronne 100 m) | couronne | 24,00
      ELE-F05 | Fil H07V-U 2,5 mm² (couronne 100 m) | couronne | 38,00
      ELE-F06 | Gaine ICTA Ø 20 avec tire-fil | ml | 0,42
      ELE-F07 | Gaine ICTA Ø 25 avec tire-fil | ml | 0,58
      ELE-F08 | Boîte d'encastrement Ø 67 pour cloison sèche | u | 0,85
      ELE-F09 | Boîte d'encastrement Ø 67 maçonnerie | u | 0,60
      ELE-F10 | Prise de courant 2P+T 16 A, mécanisme et plaque | u | 7,90
      ELE-F11 | Interrupteur va-et-vient, mécanisme et plaque | u | 7,20
      ELE-F12 | Bouton-poussoir, mécanisme et plaque | u | 8,40
      ELE-F13 | Prise RJ45 catégorie 6 | u | 14,50
      ELE-F14 | Prise TV/SAT | u | 11,80
      ELE-F15 | Point lumineux DCL avec douille | u | 4,90
      ELE-F16 | Spot LED encastré 6 W IP65 | u | 16,50
      ELE-F17 | Disjoncteur divisionnaire 16 A courbe C | u | 9,20
      ELE-F18 | Disjoncteur divisionnaire 20 A courbe C | u | 9,60
      ELE-F19 | Disjoncteur divisionnaire 32 A courbe C | u | 12,40
      ELE-F20 | Interrupteur différentiel 40 A 30 mA type AC | u | 42,00
      ELE-F21 | Interrupteur différentiel 40 A 30 mA type A | u | 68,00
      ELE-F22 | Tableau électrique nu 3 rangées 13 modules | u | 58,00
      ELE-F23 | Peigne d'alimentation 13 modules | u | 9,50
      ELE-F24 | Barrette de terre et bornes | u | 6,80
      ELE-F25 | Bornes de connexion automatiques (sachet de 50) | sachet | 12,00
      ELE-F26 | Détecteur de fumée autonome (DAAF) NF | u | 19,00
      ELE-F27 | Contacteur jour/nuit 20 A | u | 24,00
      ELE-F28 | Goulotte PVC 40 × 16 mm | ml | 2,10
      ELE-F29 | Applique LED salle de bains IP44 | u | 39,00
      ELE-F30 | Extracteur VMC hygroréglable simple flux | u | 185,00
      ELE-F31 | Bouche d'extraction hygroréglable | u | 24,00
      ELE-F32 | Gaine souple VMC Ø 80 (6 m) | u | 14,00
    `,
    labour: `
      ELE-MO1 | Électricien (compagnon) | h |
      ELE-MO2 | Apprenti électricien | h | 21,00
    `,
    equipment: `
      ELE-E01 | Rainureuse murale avec aspiration (location) | j | 45,00
      ELE-E02 | Contrôleur d'installation (mesures de terre, différentiels) | j | 30,00
    `,
    works: `
      ELE-O01 | Prise de courant 16 A encastrée en cloison, câble compris | u | ELE-MO1 × 0,75, ELE-F10 × 1, ELE-F08 × 1, ELE-F02 × 8, ELE-F07 × 8
      ELE-O02 | Point lumineux simple allumage | u | ELE-MO1 × 1, ELE-F11 × 1, ELE-F15 × 1, ELE-F08 × 1, ELE-F01 × 10, ELE-F06 × 10
      ELE-O03 | Point lumineux va-et-vient | u | ELE-MO1 × 1,5, ELE-F11 × 2, ELE-F15 × 1, ELE-F08 × 2, ELE-F01 × 16, ELE-F06 × 16
      ELE-O04 | Spot LED encastré en faux plafond | u | ELE-MO1 × 0,5, ELE-F16 × 1, ELE-F01 × 3
      ELE-O05 | Tableau électrique 13 modules équipé (2 différentiels, 8 disjoncteurs) | u | ELE-MO1 × 6, ELE-F22 × 1, ELE-F23 × 1, ELE-F24 × 1, ELE-F20 × 1, ELE-F21 × 1, ELE-F17 × 5, ELE-F18 × 2, ELE-F19 × 1, ELE-E02 × 0,25
      ELE-O06 | Ligne spécialisée 32 A (plaque de cuisson) | u | ELE-MO1 × 2, ELE-F19 × 1, ELE-F03 × 12, ELE-F07 × 12, ELE-F09 × 1
      ELE-O07 | Prise RJ45 encastrée, câblage compris | u | ELE-MO1 × 1, ELE-F13 × 1, ELE-F08 × 1, ELE-F06 × 12
      ELE-O08 | Saignée et rebouchage dans maçonnerie | ml | ELE-MO1 × 0,3, ELE-E01 × 0,02, PLA-F22 × 0,05
      ELE-O09 | Détecteur de fumée posé | u | ELE-MO1 × 0,25, ELE-F26 × 1
      ELE-O10 | VMC hygroréglable simple flux, 3 bouches | u | ELE-MO1 × 6, ELE-F30 × 1, ELE-F31 × 3, ELE-F32 × 3, ELE-F01 × 10
      ELE-O11 | Mise en sécurité d'une installation existante (logement de 60 m²) | u | ELE-MO1 × 8, ELE-F20 × 1, ELE-F24 × 1, ELE-F26 × 1, ELE-E02 × 0,5
    `,
  },
  {
    name: 'Plomberie',
    supplies: `
      PLO-F01 | Tube multicouche 16 × 2 mm (couronne 100 m) | ml | 1,35
      PLO-F02 | Tube multicouche 20 × 2 mm | ml | 1,90
      PLO-F03 | Tube cuivre écroui Ø 14 (barre 4 m) | ml | 9,80
      PLO-F04 | Tube PER gainé Ø 16 | ml | 1,10
      PLO-F05 | Raccord à sertir multicouche 16 (coude, té) | u | 4,20
      PLO-F06 | Tube PVC évacuation Ø 40 | ml | 2,60
      PLO-F07 | Tube PVC évacuation Ø 100 | ml | 5,40
      PLO-F08 | Coude et raccords PVC Ø 40 | u | 1,30
      PLO-F09 | Colle PVC 250 ml | u | 8,20
      PLO-F10 | Collier de fixation Ø 16–20 | u | 0,45
      PLO-F11 | Robinet d'arrêt 1/4 de tour 15 × 21 | u | 7,90
      PLO-F12 | Vanne d'arrêt générale 20 × 27 | u | 18,50
      PLO-F13 | Réducteur de pression 20 × 27 | u | 64,00
      PLO-F14 | WC suspendu, bâti-support et plaque de commande | u | 390,00
      PLO-F15 | Pack WC au sol sortie horizontale | u | 185,00
      PLO-F16 | Lavabo céramique 60 cm sur colonne | u | 95,00
      PLO-F17 | Meuble vasque 80 cm avec miroir | u | 420,00
      PLO-F18 | Mitigeur lavabo | u | 62,00
      PLO-F19 | Mitigeur thermostatique douche | u | 135,00
      PLO-F20 | Receveur de douche extra-plat 90 × 120 | u | 240,00
      PLO-F21 | Paroi de douche fixe 120 cm verre 8 mm | u | 310,00
      PLO-F22 | Colonne de douche avec mitigeur thermostatique | u | 215,00
      PLO-F23 | Baignoire acrylique 170 × 75 | u | 190,00
      PLO-F24 | Évier inox 1 bac avec égouttoir | u | 85,00
      PLO-F25 | Mitigeur évier | u | 58,00
      PLO-F26 | Siphon lavabo ou évier | u | 9,50
      PLO-F27 | Bonde de douche extra-plate | u | 32,00
      PLO-F28 | Chauffe-eau électrique 200 L vertical | u | 420,00
      PLO-F29 | Groupe de sécurité chauffe-eau | u | 24,00
      PLO-F30 | Radiateur sèche-serviettes électrique 500 W | u | 230,00
      PLO-F31 | Flexible d'alimentation inox 50 cm | u | 6,50
      PLO-F32 | Joint silicone sanitaire 310 ml | u | 8,90
    `,
    labour: `
      PLO-MO1 | Plombier (compagnon) | h |
      PLO-MO2 | Apprenti plombier | h | 21,00
    `,
    equipment: `
      PLO-E01 | Pince à sertir multicouche (location) | j | 38,00
      PLO-E02 | Déboucheur électrique (location) | j | 45,00
      PLO-E03 | Caméra d'inspection canalisations (location) | j | 90,00
    `,
    works: `
      PLO-O01 | Alimentation eau froide et chaude d'un appareil (multicouche) | u | PLO-MO1 × 1,5, PLO-F01 × 10, PLO-F05 × 6, PLO-F10 × 8, PLO-F11 × 2, PLO-E01 × 0,1
      PLO-O02 | Évacuation PVC Ø 40 d'un appareil | u | PLO-MO1 × 1, PLO-F06 × 3, PLO-F08 × 4, PLO-F09 × 0,1
      PLO-O03 | WC suspendu posé (bâti, cuvette, plaque) | u | PLO-MO1 × 4, PLO-F14 × 1, PLO-F07 × 1, PLO-F11 × 1, PLO-F31 × 1
      PLO-O04 | Pack WC au sol posé | u | PLO-MO1 × 2, PLO-F15 × 1, PLO-F11 × 1, PLO-F31 × 1, PLO-F32 × 0,2
      PLO-O05 | Lavabo sur colonne posé avec mitigeur | u | PLO-MO1 × 2, PLO-F16 × 1, PLO-F18 × 1, PLO-F26 × 1, PLO-F31 × 2, PLO-F32 × 0,2
      PLO-O06 | Meuble vasque posé avec mitigeur | u | PLO-MO1 × 3, PLO-F17 × 1, PLO-F18 × 1, PLO-F26 × 1, PLO-F31 × 2, PLO-F32 × 0,3
      PLO-O07 | Douche à l'italienne sur receveur extra-plat, paroi fixe | u | PLO-MO1 × 8, PLO-F20 × 1, PLO-F21 × 1, PLO-F22 × 1, PLO-F27 × 1, PLO-F32 × 1, PLO-O01 × 1, PLO-O02 × 1
      PLO-O08 | Baignoire acrylique posée avec tablier | u | PLO-MO1 × 5, PLO-F23 × 1, PLO-F19 × 1, PLO-F32 × 0,5, PLA-F02 × 1,5
      PLO-O09 | Chauffe-eau électrique 200 L posé | u | PLO-MO1 × 4, PLO-F28 × 1, PLO-F29 × 1, PLO-F31 × 2
      PLO-O10 | Évier inox posé avec mitigeur | u | PLO-MO1 × 2, PLO-F24 × 1, PLO-F25 × 1, PLO-F26 × 1, PLO-F31 × 2
      PLO-O11 | Sèche-serviettes électrique posé | u | PLO-MO1 × 1, ELE-MO1 × 0,5, PLO-F30 × 1
    `,
  },
  {
    name: 'Peinture',
    supplies: `
      PEI-F01 | Peinture acrylique mate blanche plafond 15 L | pot | 78,00
      PEI-F02 | Peinture acrylique velours blanche murs 15 L | pot | 92,00
      PEI-F03 | Peinture acrylique satinée pièces humides 10 L | pot | 86,00
      PEI-F04 | Impression universelle acrylique 15 L | pot | 64,00
      PEI-F05 | Peinture glycéro boiseries satinée 2,5 L | pot | 48,00
      PEI-F06 | Peinture teintée en machine, murs 10 L | pot | 98,00
      PEI-F07 | Enduit de rebouchage poudre 5 kg | sac | 14,50
      PEI-F08 | Enduit de lissage pâte 25 kg | seau | 38,00
      PEI-F09 | Toile de verre à peindre 50 m² | rouleau | 52,00
      PEI-F10 | Colle pour toile de verre 15 kg | seau | 34,00
      PEI-F11 | Papier peint intissé à peindre 25 m² | rouleau | 42,00
      PEI-F12 | Mastic acrylique pour joints 310 ml | u | 3,90
      PEI-F13 | Rouleau laqueur et monture 180 mm | u | 9,50
      PEI-F14 | Manchon antigoutte 230 mm | u | 7,80
      PEI-F15 | Bâche de protection 4 × 5 m | u | 3,20
      PEI-F16 | Abrasif grain 120 (rouleau 5 m) | rouleau | 11,00
      PEI-F17 | Lessive dégraissante 5 L | bidon | 16,00
      PEI-F18 | Fixateur de fonds 5 L | bidon | 29,00
      PEI-F19 | Lasure bois extérieur 5 L | pot | 74,00
      PEI-F20 | Peinture sol garage 2,5 L | pot | 56,00
    `,
    labour: `
      PEI-MO1 | Peintre (compagnon) | h |
      PEI-MO2 | Aide peintre | h | 29,00
    `,
    equipment: `
      PEI-E01 | Pulvérisateur de peinture airless (location) | j | 95,00
      PEI-E02 | Ponceuse girafe (location) | j | 35,00
      PEI-E03 | Plateforme individuelle roulante (location) | j | 18,00
    `,
    works: `
      PEI-O01 | Préparation des murs : lessivage, rebouchage, ponçage | m² | PEI-MO1 × 0,2, PEI-F17 × 0,01, PEI-F07 × 0,03, PEI-F16 × 0,02
      PEI-O02 | Enduit de lissage deux passes | m² | PEI-MO1 × 0,35, PEI-F08 × 0,06, PEI-F16 × 0,02
      PEI-O03 | Impression et deux couches velours sur murs | m² | PEI-MO1 × 0,3, PEI-F04 × 0,01, PEI-F02 × 0,02, PEI-F15 × 0,05
      PEI-O04 | Impression et deux couches mates en plafond | m² | PEI-MO1 × 0,38, PEI-E03 × 0,02, PEI-F04 × 0,01, PEI-F01 × 0,02, PEI-F15 × 0,05
      PEI-O05 | Peinture pièces humides, deux couches satinées | m² | PEI-MO1 × 0,32, PEI-F04 × 0,01, PEI-F03 × 0,025
      PEI-O06 | Toile de verre posée et peinte | m² | PEI-MO1 × 0,45, PEI-F09 × 0,022, PEI-F10 × 0,02, PEI-F02 × 0,02
      PEI-O07 | Peinture de porte deux faces, huisserie comprise | u | PEI-MO1 × 2,5, PEI-F05 × 0,25, PEI-F16 × 0,2
      PEI-O08 | Peinture de plinthes | ml | PEI-MO1 × 0,1, PEI-F05 × 0,01
      PEI-O09 | Mise en peinture complète d'une pièce de 12 m² (murs et plafond) | u | PEI-O01 × 32, PEI-O03 × 32, PEI-O04 × 12, PEI-O08 × 14
      PEI-O10 | Lasure de bardage bois, deux couches | m² | PEI-MO1 × 0,3, PEI-F19 × 0,03
    `,
  },
  {
    name: 'Carrelage',
    supplies: `
      CAR-F01 | Carrelage grès cérame 60 × 60 rectifié, 1er choix | m² | 32,00
      CAR-F02 | Carrelage grès cérame 30 × 60 effet pierre | m² | 26,00
      CAR-F03 | Carrelage grès cérame imitation parquet 20 × 120 | m² | 38,00
      CAR-F04 | Faïence murale blanche 25 × 40 | m² | 18,50
      CAR-F05 | Faïence murale 7,5 × 15 métro | m² | 29,00
      CAR-F06 | Mosaïque pâte de verre (plaque 30 × 30) | m² | 55,00
      CAR-F07 | Mortier-colle C2 S1 gris, sac 25 kg | sac | 17,50
      CAR-F08 | Mortier-colle C2 S1 blanc, sac 25 kg | sac | 21,00
      CAR-F09 | Joint ciment fin, sac 5 kg | sac | 12,50
      CAR-F10 | Joint époxy 2,5 kg | u | 39,00
      CAR-F11 | Ragréage autolissant P3, sac 25 kg | sac | 18,90
      CAR-F12 | Primaire d'accrochage 5 L | bidon | 32,00
      CAR-F13 | Système de protection à l'eau sous carrelage (SPEC), kit 7 m² | kit | 115,00
      CAR-F14 | Bande d'étanchéité d'angle 10 m | rouleau | 28,00
      CAR-F15 | Croisillons autonivelants (sachet de 100) | sachet | 14,00
      CAR-F16 | Profilé de finition aluminium 2,50 m | u | 11,50
      CAR-F17 | Plinthe grès cérame 8 × 60 | ml | 6,80
      CAR-F18 | Sous-couche de désolidarisation | m² | 9,90
      CAR-F19 | Siphon de sol inox pour douche à l'italienne | u | 89,00
      CAR-F20 | Chape sèche, sac 35 kg | sac | 9,40
    `,
    labour: `
      CAR-MO1 | Carreleur (compagnon) | h |
      CAR-MO2 | Aide carreleur | h | 30,00
    `,
    equipment: `
      CAR-E01 | Coupe-carreaux électrique à eau (location) | j | 40,00
      CAR-E02 | Malaxeur électrique (location) | j | 20,00
      CAR-E03 | Système de nivellement (location, 250 clips) | u | 25,00
    `,
    works: `
      CAR-O01 | Ragréage autolissant 5 mm | m² | CAR-MO1 × 0,15, CAR-E02 × 0,01, CAR-F12 × 0,03, CAR-F11 × 0,32
      CAR-O02 | Carrelage sol 60 × 60 collé, joints compris | m² | CAR-MO1 × 0,8, CAR-E01 × 0,02, CAR-F01 × 1,1, CAR-F07 × 0,2, CAR-F09 × 0,1, CAR-F15 × 0,05
      CAR-O03 | Carrelage sol 30 × 60 collé, joints compris | m² | CAR-MO1 × 0,75, CAR-E01 × 0,02, CAR-F02 × 1,1, CAR-F07 × 0,2, CAR-F09 × 0,1
      CAR-O04 | Carrelage imitation parquet 20 × 120, pose décalée | m² | CAR-MO1 × 1, CAR-E01 × 0,03, CAR-F03 × 1,12, CAR-F07 × 0,24, CAR-F09 × 0,1, CAR-E03 × 0,04
      CAR-O05 | Faïence murale 25 × 40 collée, joints compris | m² | CAR-MO1 × 0,9, CAR-F04 × 1,1, CAR-F08 × 0,16, CAR-F09 × 0,08
      CAR-O06 | Faïence métro 7,5 × 15 collée | m² | CAR-MO1 × 1,6, CAR-F05 × 1,1, CAR-F08 × 0,16, CAR-F09 × 0,12
      CAR-O07 | Étanchéité sous carrelage (SPEC) en zone de douche | m² | CAR-MO1 × 0,35, CAR-F13 × 0,15, CAR-F14 × 0,3
      CAR-O08 | Plinthes grès cérame collées | ml | CAR-MO1 × 0,2, CAR-F17 × 1,05, CAR-F07 × 0,02
      CAR-O09 | Douche à l'italienne carrelée (1,2 m², siphon de sol, étanchéité) | u | CAR-MO1 × 10, CAR-MO2 × 4, CAR-F19 × 1, CAR-O07 × 4, CAR-F06 × 1,4, CAR-F08 × 1, CAR-F10 × 1
      CAR-O10 | Dépose de carrelage et pose neuve 60 × 60 | m² | DEM-O03 × 1, CAR-O01 × 1, CAR-O02 × 1
    `,
  },
];

export interface StarterItem {
  kind: 'supply' | 'labour' | 'equipment' | 'work';
  family: string;
  code: string;
  designation: string;
  unit: string;
  /** supply, equipment, labour with its own cost; null otherwise. */
  unitCostCents: number | null;
  /** work: component codes and quantities in thousandths. */
  components: { code: string; quantityMilli: number }[];
}

/** « 12,50 » → 1250; « 0,6 » → 600 thousandths. */
const decimal = (text: string, scale: number) => {
  const [whole = '0', fraction = ''] = text.trim().split(',');
  return Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0').slice(0, scale) || '0');
};

const linesOf = (block: string) =>
  block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split('|').map((field) => field.trim()));

/** Every item of the starter library, in order: a work's components come before it. */
export function starterItems(): StarterItem[] {
  const items: StarterItem[] = [];
  for (const family of starterFamilies) {
    for (const [kind, block] of [
      ['supply', family.supplies],
      ['labour', family.labour],
      ['equipment', family.equipment],
    ] as const) {
      for (const [code = '', designation = '', unit = '', price = ''] of linesOf(block)) {
        items.push({
          kind,
          family: family.name,
          code,
          designation,
          unit,
          unitCostCents: price ? decimal(price, 2) : null,
          components: [],
        });
      }
    }
  }
  // Works last: a work may use another family's items, and another work listed before it.
  for (const family of starterFamilies) {
    for (const [code = '', designation = '', unit = '', composition = ''] of linesOf(family.works)) {
      items.push({
        kind: 'work',
        family: family.name,
        code,
        designation,
        unit,
        unitCostCents: null,
        components: composition.split(/,\s+(?=[A-Z]{3}-)/).map((part) => {
          const [componentCode = '', quantity = ''] = part.split('×').map((s) => s.trim());
          return { code: componentCode, quantityMilli: decimal(quantity, 3) };
        }),
      });
    }
  }
  return items;
}
