import { NEEDS_SHEET_REFERENCE_PREFIX, toBusinessIsoDate } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { demoNeedsSheetStatuses } from '../src/db/demo-data';
import { followWrittenReferences } from '../src/db/needs-sheet-references';

// The needs sheets of the large dataset (the 'needs' benchmark scenario): 50 000 at full scale.
export const fullNeedsSheets = 50_000;

// French vocabulary of IT and engineering positions. A title is a role, most often with one of the technologies of
// its trade; the skills are the technology's; the description a context, an activity of the trade and the skills.
// At full scale "développeur java" matches a few thousand sheets, "ingénieur" or "données" about ten thousand.
type Trade =
  | 'dev'
  | 'data'
  | 'infra'
  | 'network'
  | 'security'
  | 'embedded'
  | 'mechanics'
  | 'automation'
  | 'quality'
  | 'agile'
  | 'erp'
  | 'project'
  | 'support';

// Repeated roles are the more frequent ones.
const roles: readonly [string, readonly Trade[]][] = [
  ['Développeur', ['dev']],
  ['Développeur', ['dev']],
  ['Développeur', ['dev']],
  ['Développeuse', ['dev']],
  ['Développeur full stack', ['dev']],
  ['Ingénieur études et développement', ['dev']],
  ['Ingénieur études et développement', ['dev']],
  ['Ingénieur logiciel', ['dev', 'embedded']],
  ['Tech lead', ['dev']],
  ['Architecte logiciel', ['dev']],
  ['Ingénieur DevOps', ['infra']],
  ['Architecte cloud', ['infra']],
  ['Administrateur systèmes', ['infra', 'support']],
  ['Ingénieur données', ['data']],
  ['Data engineer', ['data']],
  ['Data scientist', ['data']],
  ['Analyste de données', ['data']],
  ['Administrateur de bases de données', ['data']],
  ['Ingénieur réseau', ['network']],
  ['Ingénieur cybersécurité', ['security', 'network']],
  ['Ingénieur systèmes embarqués', ['embedded']],
  ['Ingénieur électronique', ['embedded']],
  ['Ingénieur mécanique', ['mechanics']],
  ['Automaticien', ['automation']],
  ['Ingénieur qualité', ['quality']],
  ['Testeur QA', ['quality']],
  ['Chef de projet', ['project', 'erp', 'infra']],
  ['Chef de projet technique', ['project', 'dev']],
  ['Scrum master', ['agile']],
  ['Product owner', ['agile', 'project']],
  ['Technicien support', ['support']],
  ['Consultant fonctionnel', ['erp', 'project']],
];

// A technology as a title names it, its skills, and the trades that work with it.
const technologies: readonly [string, readonly string[], readonly Trade[]][] = [
  ['Java', ['Java', 'Spring Boot', 'Hibernate', 'Maven'], ['dev']],
  ['Java / Spring', ['Java', 'Spring', 'Kafka', 'Microservices'], ['dev']],
  ['Python', ['Python', 'Django', 'FastAPI', 'Pandas'], ['dev', 'data']],
  ['JavaScript', ['JavaScript', 'Node.js', 'TypeScript', 'Express'], ['dev']],
  ['React', ['React', 'TypeScript', 'Redux', 'Jest'], ['dev']],
  ['Angular', ['Angular', 'TypeScript', 'RxJS'], ['dev']],
  ['.NET', ['C#', '.NET', 'ASP.NET Core', 'SQL Server'], ['dev']],
  ['PHP Symfony', ['PHP', 'Symfony', 'MySQL'], ['dev']],
  ['Go', ['Go', 'gRPC', 'Docker'], ['dev', 'infra']],
  ['Kotlin Android', ['Kotlin', 'Android', 'Jetpack Compose'], ['dev']],
  ['iOS', ['Swift', 'iOS', 'Xcode'], ['dev']],
  ['C++', ['C++', 'Qt', 'Linux'], ['dev', 'embedded']],
  ['C embarqué', ['C', 'RTOS', 'ARM', 'Yocto'], ['embedded']],
  ['FPGA', ['FPGA', 'VHDL', 'Altium'], ['embedded']],
  ['SAP', ['SAP S/4HANA', 'ABAP', 'FI-CO'], ['erp']],
  ['Salesforce', ['Salesforce', 'Apex', 'CRM'], ['erp']],
  ['AWS', ['AWS', 'Terraform', 'Lambda'], ['infra']],
  ['Azure', ['Azure', 'Azure DevOps', 'PowerShell'], ['infra', 'support']],
  ['Kubernetes', ['Kubernetes', 'Docker', 'Helm', 'GitLab CI'], ['infra']],
  ['Linux', ['Linux', 'Ansible', 'Bash', 'Prometheus'], ['infra', 'network', 'support']],
  ['PostgreSQL', ['PostgreSQL', 'SQL', 'PL/pgSQL'], ['data']],
  ['Oracle', ['Oracle', 'PL/SQL', 'SQL'], ['data']],
  ['Big Data', ['Spark', 'Scala', 'Hadoop', 'Databricks'], ['data']],
  ['Power BI', ['Power BI', 'SQL', 'DAX'], ['data']],
  ['Cisco', ['Cisco', 'TCP/IP', 'Pare-feu', 'VPN'], ['network']],
  ['SOC', ['ISO 27001', 'SIEM', 'Tests d’intrusion'], ['security']],
  ['CATIA', ['CATIA', 'SolidWorks', 'Calcul de structures'], ['mechanics']],
  ['Siemens', ['Siemens TIA Portal', 'Automates', 'Grafcet'], ['automation']],
  ['Selenium', ['Selenium', 'Cypress', 'Tests automatisés'], ['quality']],
  ['SAFe', ['Scrum', 'Jira', 'Confluence'], ['agile', 'project']],
  ['ServiceNow', ['ITIL', 'ServiceNow', 'Active Directory'], ['support']],
];

const contexts = [
  'Au sein de la DSI d’un grand compte du secteur bancaire,',
  'Pour un éditeur de logiciels en forte croissance,',
  'Dans le cadre de la transformation numérique d’un groupe industriel,',
  'Pour une collectivité territoriale,',
  'Au sein d’une équipe agile de huit personnes,',
  'Dans un contexte international (anglais courant),',
  'Pour un acteur majeur de l’énergie,',
  'Au sein du pôle innovation d’un assureur,',
  'Pour une jeune entreprise du secteur de la santé,',
  'Chez un constructeur automobile,',
];

const activities: readonly [string, readonly Trade[]][] = [
  ['vous participez à la refonte du portail client et à la conception des API REST.', ['dev']],
  ['vous assurez la maintenance évolutive et corrective des applications métier.', ['dev', 'erp']],
  ['vous développez de nouvelles fonctionnalités avec le product owner.', ['dev']],
  ['vous encadrez une équipe de développeurs et menez les revues de code.', ['dev']],
  ['vous optimisez les performances et réduisez la dette technique.', ['dev', 'data']],
  ['vous concevez les flux d’alimentation de l’entrepôt de données.', ['data']],
  ['vous construisez les tableaux de bord et analysez les données de production.', ['data']],
  ['vous migrez les données historiques vers la nouvelle plateforme.', ['data', 'erp', 'infra']],
  ['vous administrez les serveurs et les bases de données.', ['infra', 'data']],
  ['vous industrialisez les déploiements et la supervision de la production.', ['infra']],
  ['vous maintenez le réseau et les équipements de sécurité des sites.', ['network']],
  ['vous sécurisez les accès et répondez aux incidents.', ['security', 'network', 'infra']],
  ['vous concevez les cartes électroniques et le logiciel embarqué.', ['embedded']],
  ['vous concevez les pièces et réalisez les calculs de dimensionnement.', ['mechanics']],
  ['vous programmez les automates et mettez en service les lignes de production.', ['automation']],
  ['vous automatisez les tests et garantissez la qualité des livraisons.', ['quality', 'dev']],
  ['vous animez les cérémonies agiles et priorisez le carnet de produit.', ['agile']],
  ['vous pilotez le planning, le budget et les recettes avec les équipes métier.', ['project']],
  ['vous rédigez les spécifications et accompagnez les utilisateurs.', ['erp', 'project', 'agile']],
  ['vous traitez les demandes des utilisateurs et résolvez les incidents de niveau 2.', ['support']],
];

// For each role, the 1-based positions of the technologies and activities of its trades, as 'i,j,k'.
const positionsFor = (
  trades: readonly Trade[],
  items: readonly (readonly [string, ...unknown[]])[],
  tradesOf: (index: number) => readonly Trade[],
) => {
  const found = items.flatMap((_, index) =>
    tradesOf(index).some((trade) => trades.includes(trade)) ? [index + 1] : [],
  );
  if (found.length === 0) throw new Error(`No technology or activity for the trades ${trades.join(', ')}`);
  return found.join(',');
};
const roleTechnologies = roles.map(([, trades]) =>
  positionsFor(trades, technologies, (index) => technologies[index][2]),
);
const roleActivities = roles.map(([, trades]) => positionsFor(trades, activities, (index) => activities[index][1]));

const join = (items: readonly string[]) => items.join('|');

// A draw in [0, n) for sheet number i (below 10^8), independent of the other draws (salts 1 to 20 keep their inputs
// apart): hashint4 mixes its input.
const draw = (salt: number, n: number) =>
  sql.raw(`((hashint4(i + ${salt * 100_000_000})::bigint + 2147483648) % ${n})::int`);

// Adds `count` needs sheets to the large dataset, set-based (a few statements, whatever the count), unless the
// database already holds sheets. Spread over the active contacts (and so their companies), owned by the business
// users (the company's owner when they are one), received over the last two years, older ones mostly closed;
// recruiters of the owner's team assigned to 70 %. As the app makes them: references numbered per year in the order
// sheets came in, the year's counter left at its last number (the app's next sheet takes the one after), the full
// text vector written by the table's trigger, and the status changes the statistics read (the first status at
// creation, the current one later).
export async function seedLargeNeedsSheets(
  db: Db,
  count: number = fullNeedsSheets,
  options: { log?: (line: string) => void } = {},
): Promise<number> {
  const log = options.log ?? (() => undefined);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('needs_sheet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) {
      log(`needs sheets: ${existing.n} already there`);
      return 0;
    }
    if ((await trx.selectFrom('needs_sheet_status').select('id').limit(1).execute()).length === 0) {
      await trx
        .insertInto('needs_sheet_status')
        .values(demoNeedsSheetStatuses.map((status, index) => ({ ...status, display_order: (index + 1) * 10 })))
        .execute();
    }
    const statuses = await trx
      .selectFrom('needs_sheet_status')
      .select(['id', 'closes', 'fills'])
      .where('is_active', '=', true)
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    const open = statuses.filter((status) => !status.closes).map((status) => status.id);
    const filled = statuses.filter((status) => status.fills).map((status) => status.id);
    const lost = statuses.filter((status) => status.closes && !status.fills).map((status) => status.id);
    const business = await trx
      .selectFrom('app_user')
      .select('id')
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('is_business_leader', '=', true), eb('is_business_team', '=', true)]))
      .orderBy('id')
      .execute();
    if (open.length === 0 || filled.length === 0 || lost.length === 0 || business.length === 0) {
      throw new Error(
        'seedLargeNeedsSheets needs open, filling and losing statuses, and business users: seed the large dataset first',
      );
    }
    // The first status: the one the app gives a new sheet (statusFor).
    const first = open[0];
    const ids = (list: { id: number }[] | number[]) =>
      list.map((item) => (typeof item === 'number' ? item : item.id)).join('|');
    const today = toBusinessIsoDate(new Date());

    await sql`
      with vocab as (
        select string_to_array(${join(roles.map(([name]) => name))}, '|') as roles,
          string_to_array(${roleTechnologies.join(';')}, ';') as role_techs,
          string_to_array(${roleActivities.join(';')}, ';') as role_activities,
          string_to_array(${join(technologies.map(([name]) => name))}, '|') as techs,
          string_to_array(${technologies.map(([, skills]) => join(skills)).join(';')}, ';') as tech_skills,
          string_to_array(${join(contexts)}, '|') as contexts,
          string_to_array(${join(activities.map(([text]) => text))}, '|') as activities,
          string_to_array(${ids(open)}, '|')::int[] as open_ids,
          string_to_array(${ids(filled)}, '|')::int[] as filled_ids,
          string_to_array(${ids(lost)}, '|')::int[] as lost_ids,
          string_to_array(${ids(business)}, '|')::int[] as business
      ),
      clients as (
        select k.id, k.company_id, co.city, co.owner_id, row_number() over (order by k.id) - 1 as n
        from contact k join company co on co.id = k.company_id
        where k.is_active and co.is_active
      ),
      drawn as (
        select i, ${today}::date - ${draw(1, 730)}::int as received,
          ${draw(2, 1_000_000_007)} as client, ${draw(3, roles.length)} + 1 as role, ${draw(4, 720_720)} as d_tech,
          ${draw(5, 100)} as d_title, ${draw(6, contexts.length)} + 1 as context, ${draw(7, 720_720)} as d_activity,
          ${draw(8, 100)} as d_status, ${draw(9, 1000)} as d_pick, ${draw(10, 100)} as d_seniority, ${draw(11, 100)} as d_contract,
          ${draw(12, 100)} as d_priority, ${draw(13, 100)} as d_positions, ${draw(14, 1000)} as d_misc, ${draw(15, 100)} as d_deadline
        from generate_series(1, ${count}::int) as i
      ),
      sheets as (
        select d.*, c.id as contact_id, c.company_id, c.city,
          case when u.is_business_leader or u.is_business_team then u.id else v.business[1 + d.d_misc % cardinality(v.business)] end as owner_id,
          case when d.d_seniority < 20 then 'junior' when d.d_seniority < 65 then 'confirmed' when d.d_seniority < 90 then 'senior' else 'expert' end as seniority,
          v.tech_skills[p.tech] as skill_list,
          v.roles[d.role] as role_name, v.techs[p.tech] as tech_name,
          v.contexts[d.context] as context_text, v.activities[p.activity] as activity_text,
          -- Older sheets are mostly closed (filled or lost), recent ones mostly open.
          case
            when (${today}::date - d.received > 90 and d.d_status < 88) or (${today}::date - d.received > 30 and d.d_status < 30) or d.d_status < 6
              then case when d.d_pick % 100 < 55 then 'filled' else 'lost' end
            else 'open'
          end as outcome
        from drawn d
        cross join vocab v
        -- A technology and an activity of the role's trades (720 720 is a multiple of every count up to 16: no bias).
        cross join lateral (
          select string_to_array(v.role_techs[d.role], ',')::int[] as techs, string_to_array(v.role_activities[d.role], ',')::int[] as activities
        ) r
        cross join lateral (
          select r.techs[1 + d.d_tech % cardinality(r.techs)] as tech, r.activities[1 + d.d_activity % cardinality(r.activities)] as activity
        ) p
        join clients c on c.n = d.client % (select count(*) from clients)
        join app_user u on u.id = c.owner_id
      ),
      numbered as (
        select s.*, extract(year from s.received)::int as year,
          coalesce(nc.last, 0) + row_number() over (partition by extract(year from s.received) order by s.received, s.i) as number
        from sheets s
        left join (
          select substring(sequencename from '[0-9]{4}$')::int as year, last_value as last from pg_sequences
          where schemaname = current_schema() and sequencename ~ '^needs_sheet_reference_[0-9]{4}$'
        ) nc on nc.year = extract(year from s.received)::int
      )
      insert into needs_sheet (reference, company_id, contact_id, title, description, skills, nice_to_have, seniority, place,
        remote_days, start_date, duration_months, contract_type, rate_min, rate_max, positions, positions_filled, priority,
        owner_id, received_date, deadline, status_id, is_active, created_at)
      select
        -- needsSheetReference: padded to four digits, never cut.
        ${NEEDS_SHEET_REFERENCE_PREFIX}::text || '-' || n.year || '-' || case when n.number < 10000 then lpad(n.number::text, 4, '0') else n.number::text end,
        n.company_id, n.contact_id,
        n.role_name
          || case when n.d_title < 75 then ' ' || n.tech_name else '' end
          || case when n.d_title % 5 = 0 and n.seniority in ('junior', 'senior') then ' ' || n.seniority else '' end,
        n.context_text || ' ' || n.activity_text || ' Environnement technique : ' || replace(n.skill_list, '|', ', ') || '.',
        string_to_array(n.skill_list, '|') || case when n.d_misc % 3 = 0 then array['Git'] else array[]::text[] end,
        case when n.d_misc % 10 < 4 then array['Anglais courant'] when n.d_misc % 10 = 4 then array['Méthodes agiles', 'Anglais courant'] else array[]::text[] end,
        n.seniority, n.city, n.d_misc % 4,
        case when n.d_misc % 10 < 3 then null else n.received + (15 + n.d_misc % 31)::int end,
        case when n.d_contract between 60 and 79 then null else 3 + n.d_misc % 16 end,
        case when n.d_contract < 50 then 'regie' when n.d_contract < 60 then 'freelance' when n.d_contract < 80 then 'permanent'
          when n.d_contract < 95 then 'fixedPrice' else 'fixedTerm' end,
        400 + (n.d_misc % 9) * 50,
        500 + (n.d_misc % 9) * 50 + (n.d_misc % 3) * 50,
        case when n.d_positions < 70 then 1 when n.d_positions < 90 then 2 else 3 + n.d_positions % 3 end,
        case when n.outcome = 'filled' then case when n.d_positions < 70 then 1 when n.d_positions < 90 then 2 else 3 + n.d_positions % 3 end else 0 end,
        case when n.d_priority < 15 then 'low' when n.d_priority < 65 then 'normal' when n.d_priority < 90 then 'high' else 'urgent' end,
        n.owner_id, n.received,
        -- The app's default delay (10 days) most often, a model's otherwise.
        n.received + case when n.d_deadline < 60 then 10 when n.d_deadline < 75 then 7 when n.d_deadline < 90 then 15 else 30 end,
        case n.outcome
          when 'filled' then v.filled_ids[1 + n.d_pick % cardinality(v.filled_ids)]
          when 'lost' then v.lost_ids[1 + n.d_pick % cardinality(v.lost_ids)]
          else case when ${today}::date - n.received <= 7 then v.open_ids[1] else v.open_ids[1 + n.d_pick % cardinality(v.open_ids)] end
        end,
        n.d_misc % 100 <> 0,
        least((n.received + time '09:00' + (n.d_misc % 480) * interval '1 minute') at time zone 'Europe/Paris', now())
      from numbered n cross join vocab v
      order by n.received, n.i`.execute(trx);

    // The next number of each year is the one after its last (the app takes it from the year's sequence).
    await followWrittenReferences(trx);

    // Recruiters of the owner's team (the users led by the same business leader): one on 70 % of the sheets, a
    // second on a tenth.
    await sql`
      with recruiters as (
        select id, leader_id as team, row_number() over (partition by leader_id order by id) - 1 as n, count(*) over (partition by leader_id) as size
        from app_user where is_active and is_recruitment_team and leader_id is not null
      )
      insert into needs_sheet_recruiter (needs_sheet_id, user_id)
      select s.id, r.id
      from needs_sheet s
      join app_user o on o.id = s.owner_id
      join recruiters r on r.team = coalesce(o.leader_id, o.id)
      where (s.id % 10 < 7 and r.n = (s.id / 10) % r.size) or (s.id % 10 = 0 and r.size > 1 and r.n = (s.id / 10 + 1) % r.size)`.execute(
      trx,
    );

    // The statistics read the statuses a sheet entered: the first one when it was received, its current one later.
    await sql`
      insert into needs_sheet_status_change (needs_sheet_id, status_id, changed_at, user_id)
      select id, status_id, changed_at, owner_id from (
        select s.id, ${first}::int as status_id, s.created_at as changed_at, s.owner_id from needs_sheet s
        union all
        select s.id, s.status_id,
          greatest(s.created_at, least((s.received_date + (case when st.closes then 10 + s.id % 50 else 2 + s.id % 12 end) + time '16:00') at time zone 'Europe/Paris', now())),
          s.owner_id
        from needs_sheet s join needs_sheet_status st on st.id = s.status_id
        where s.status_id <> ${first}
      ) changes
      order by changed_at, id`.execute(trx);
    log(`needs sheets: ${count}`);
    return count;
  });
}

// As settleDatabase, for the tables the sheets went into.
export async function settleNeedsSheets(db: Db): Promise<void> {
  await sql`vacuum analyze needs_sheet, needs_sheet_term, needs_sheet_recruiter, needs_sheet_status_change, needs_sheet_status`.execute(
    db,
  );
  await sql`checkpoint`.execute(db);
}
