/**
 * The price library of bench/library.ts, generated in SQL with generate_series: `items` items of
 * company `company` filed in eight families, and one work in ten made of four earlier items (one of
 * them a work for one work in three); one item in a hundred has a two-letter code and « IPN » in its
 * designation. One statement per table; seconds, not minutes.
 */
/** Designations of the trade, accents and all: a noun, a material, a finish, a number. */
export const librarySeedSql = (company: number, items: number) => [
  `insert into library_families (company_id, name)
    select ${company}, f from unnest(array['Maçonnerie', 'Plâtrerie', 'Électricité', 'Plomberie', 'Menuiserie',
      'Peinture', 'Carrelage', 'Couverture']) f`,
  `insert into library_items (company_id, kind, code, designation, unit, family_id, unit_cost_cents, supplier, loss_basis_points)
    select ${company},
      case when g % 10 = 0 then 'work' when g % 10 in (1, 2) then 'labour' when g % 10 = 3 then 'equipment' else 'supply' end,
      -- One item in a hundred has a supplier's two-letter code and is an IPN beam (short words, 0037).
      case when g % 100 = 7 then (array['AB', 'KZ', 'PV', 'TX'])[1 + (g / 100) % 4]
        else (array['MAC', 'PLA', 'ELE', 'PLO', 'MEN', 'PEI', 'CAR', 'COU'])[1 + g % 8] || '-' || lpad(g::text, 6, '0') end,
      case when g % 100 = 7 then 'Poutrelle IPN ' else '' end ||
      (array['Enduit', 'Plâtre', 'Câble', 'Tube', 'Porte', 'Peinture', 'Carreau', 'Tuile', 'Béton', 'Vis', 'Cloison', 'Isolant'])[1 + g % 12]
        || ' ' || (array['écru', 'acier', 'cuivre', 'PVC', 'chêne', 'mate', 'grès', 'terre cuite', 'armé', 'inox', 'hydrofuge', 'laine de roche'])[1 + (g / 12) % 12]
        || ' ' || (array['façade', 'intérieur', 'extérieur', 'sol', 'mur', 'plafond', 'toiture'])[1 + (g / 144) % 7]
        || ' ' || g,
      (array['u', 'm²', 'ml', 'kg', 'sac', 'h'])[1 + g % 6],
      (select min(id) from library_families where company_id = ${company}) + g % 8,
      case when g % 10 = 0 then null when g % 10 = 1 then null else 100 + (g * 37) % 100000 end,
      case when g % 10 >= 4 then (array['Point.P', 'Weber', 'Lapeyre', 'Rexel'])[1 + g % 4] else '' end,
      case when g % 10 >= 4 then (g % 5) * 100 else 0 end
    from generate_series(1, ${items}) g`,
  // Each work: four components among the items before it (one of them a work for one work in three).
  `insert into library_components (company_id, work_id, position, component_id, quantity_milli)
    select w.company_id, w.id, p, w.id - (case when p = 3 and w.id % 3 = 0 then 10 else p + 1 end), 250 + p * 500
    from library_items w, generate_series(0, 3) p
    where w.company_id = ${company} and w.kind = 'work'
      and exists (select 1 from library_items i where i.id = w.id - 11 and i.company_id = ${company})`,
  // The search's word index (migration 0047) too: its matches are read from the index alone once
  // the visibility map says its pages are all visible, as they would be after autovacuum.
  'vacuum (analyze) library_items, library_components, library_families, library_word_items, library_words',
];
