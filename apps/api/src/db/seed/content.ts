// Teaching content of the demo: lessons with their chapters (Markdown) and a few links.

interface DemoChapter {
  title: string;
  content: string;
  links?: { title: string; url: string }[];
}

export interface DemoLesson {
  /** Key of the subject the lesson belongs to (see curriculum.ts). */
  subject: string;
  title: string;
  summary: string;
  chapters: DemoChapter[];
}

export const DEMO_LESSONS: DemoLesson[] = [
  {
    subject: 'algo',
    title: 'Complexité des algorithmes',
    summary: 'Mesurer le coût d’un algorithme en fonction de la taille de ses données.',
    chapters: [
      {
        title: 'La notation grand O',
        content: `# La notation grand O

On dit qu’un algorithme est en **O(f(n))** lorsque son nombre d’opérations est borné, à une
constante près, par *f(n)* pour toute donnée de taille *n* assez grande.

| notation | nom | exemple |
|---|---|---|
| O(1) | constante | lire une case d’un tableau |
| O(log n) | logarithmique | recherche dichotomique |
| O(n) | linéaire | parcours d’une liste |
| O(n log n) | quasi linéaire | tri fusion |
| O(n²) | quadratique | deux boucles imbriquées |

> On ne garde que le terme dominant : 3n² + 5n + 12 est en O(n²).`,
        links: [
          {
            title: 'Analyse de la complexité (Wikipédia)',
            url: 'https://fr.wikipedia.org/wiki/Analyse_de_la_complexit%C3%A9_des_algorithmes',
          },
        ],
      },
      {
        title: 'Analyser une boucle',
        content: `# Analyser une boucle

Pour estimer le coût d’une boucle, on multiplie le **nombre de tours** par le **coût d’un tour**.

\`\`\`ts
function somme(tableau: number[]): number {
  let total = 0;
  for (const valeur of tableau) total += valeur; // n tours, O(1) chacun
  return total;
}
\`\`\`

La fonction \`somme\` est donc en O(n). Deux boucles imbriquées sur le même tableau
donnent n × n tours : O(n²).

## À retenir

- une boucle dont l’indice double à chaque tour fait log₂(n) tours ;
- les appels de fonctions comptent avec leur propre coût.`,
      },
      {
        title: 'Meilleur cas, pire cas, cas moyen',
        content: `# Meilleur cas, pire cas, cas moyen

La recherche d’un élément dans une liste non triée s’arrête dès qu’on le trouve :

1. **meilleur cas** : l’élément est en tête, une seule comparaison ;
2. **pire cas** : il est absent, *n* comparaisons ;
3. **cas moyen** : environ *n/2* comparaisons s’il est présent à une position uniforme.

Sauf mention contraire, on donne la complexité **dans le pire cas** : c’est une garantie.`,
      },
    ],
  },
  {
    subject: 'algo',
    title: 'Algorithmes de tri',
    summary: 'Deux tris classiques, leur fonctionnement et leur coût.',
    chapters: [
      {
        title: 'Tri par insertion',
        content: `# Tri par insertion

On parcourt le tableau de gauche à droite et on **insère** chaque élément à sa place dans la
partie déjà triée, comme on range des cartes dans sa main.

\`\`\`ts
function triInsertion(t: number[]): number[] {
  for (let i = 1; i < t.length; i++) {
    const x = t[i]!;
    let j = i - 1;
    while (j >= 0 && t[j]! > x) {
      t[j + 1] = t[j]!;
      j--;
    }
    t[j + 1] = x;
  }
  return t;
}
\`\`\`

Coût : O(n²) dans le pire cas, O(n) si le tableau est déjà trié.`,
      },
      {
        title: 'Tri fusion',
        content: `# Tri fusion

Le tri fusion applique le principe **diviser pour régner** :

1. couper le tableau en deux moitiés ;
2. trier chaque moitié récursivement ;
3. **fusionner** les deux moitiés triées en un seul tableau trié.

La fusion coûte O(n) et l’arbre des appels a une hauteur de log₂(n) : le tri fusion est en
**O(n log n)** dans tous les cas, au prix d’un tableau auxiliaire.`,
        links: [
          {
            title: 'Visualiser les algorithmes de tri',
            url: 'https://visualgo.net/fr/sorting',
          },
        ],
      },
    ],
  },
  {
    subject: 'ts',
    title: 'Les types en TypeScript',
    summary: 'Décrire la forme des données pour que le compilateur détecte les erreurs.',
    chapters: [
      {
        title: 'Types primitifs et inférence',
        content: `# Types primitifs et inférence

TypeScript connaît les types primitifs de JavaScript : \`string\`, \`number\`, \`boolean\`,
\`bigint\`, \`symbol\`, \`null\` et \`undefined\`.

\`\`\`ts
let titre = 'Algorithmique'; // inféré : string
const coefficient = 3;       // inféré : le type littéral 3
\`\`\`

Il est rarement utile d’annoter une variable initialisée : le compilateur **infère** son type.
On annote en revanche les paramètres des fonctions.`,
        links: [
          {
            title: 'TypeScript Handbook — Everyday Types',
            url: 'https://www.typescriptlang.org/docs/handbook/2/everyday-types.html',
          },
        ],
      },
      {
        title: 'Unions et rétrécissement',
        content: `# Unions et rétrécissement

Une **union** accepte plusieurs types : \`type Note = number | 'absent'\`.

\`\`\`ts
function afficher(note: number | 'absent'): string {
  if (note === 'absent') return 'ABS';
  return note.toFixed(2); // ici, note est un number
}
\`\`\`

Le test \`note === 'absent'\` **rétrécit** le type dans chaque branche : c’est le
*narrowing*.`,
      },
      {
        title: 'Génériques',
        content: `# Génériques

Un générique paramètre un type par un autre :

\`\`\`ts
function premier<T>(liste: T[]): T | undefined {
  return liste[0];
}
const p = premier(['L1', 'L2']); // string | undefined
\`\`\`

Les génériques évitent de dupliquer du code pour chaque type tout en gardant la vérification.`,
      },
    ],
  },
  {
    subject: 'sql',
    title: 'Le modèle relationnel',
    summary: 'Tables, clés et jointures : les bases de SQL.',
    chapters: [
      {
        title: 'Tables, clés et contraintes',
        content: `# Tables, clés et contraintes

Une **table** regroupe des lignes de même forme. Chaque ligne est identifiée par une
**clé primaire** ; une **clé étrangère** référence la clé primaire d’une autre table.

\`\`\`sql
CREATE TABLE etudiant (
  id      bigint PRIMARY KEY,
  nom     text NOT NULL,
  email   text NOT NULL UNIQUE
);
\`\`\`

Les contraintes (\`NOT NULL\`, \`UNIQUE\`, \`CHECK\`, \`REFERENCES\`) protègent la cohérence des
données, même si l’application a un bogue.`,
        links: [
          {
            title: 'Documentation PostgreSQL — Contraintes',
            url: 'https://www.postgresql.org/docs/current/ddl-constraints.html',
          },
        ],
      },
      {
        title: 'Les jointures',
        content: `# Les jointures

Une jointure associe les lignes de deux tables selon une condition.

\`\`\`sql
SELECT e.nom, r.note
FROM etudiant e
JOIN resultat r ON r.etudiant_id = e.id
WHERE r.note >= 10;
\`\`\`

- \`INNER JOIN\` ne garde que les lignes qui ont une correspondance ;
- \`LEFT JOIN\` garde toutes les lignes de gauche, avec des \`NULL\` à droite si besoin.`,
      },
    ],
  },
  {
    subject: 'proba',
    title: 'Variables aléatoires',
    summary: 'Espérance, variance et la loi normale.',
    chapters: [
      {
        title: 'Espérance et variance',
        content: `# Espérance et variance

L’**espérance** E(X) est la moyenne des valeurs de X pondérée par leurs probabilités.
La **variance** mesure la dispersion : V(X) = E((X − E(X))²) = E(X²) − E(X)².

Exemple : pour un dé équilibré, E(X) = 3,5 et V(X) = 35/12 ≈ 2,92.`,
      },
      {
        title: 'La loi normale',
        content: `# La loi normale

La loi normale N(μ, σ²) décrit de nombreux phénomènes (tailles, erreurs de mesure).

- environ 68 % des valeurs sont à moins d’un écart type de μ ;
- environ 95 % à moins de deux écarts types.

Le **théorème central limite** explique son omniprésence : une somme de nombreuses variables
indépendantes tend vers une loi normale.`,
      },
    ],
  },
  {
    subject: 'web',
    title: 'HTTP et le navigateur',
    summary: 'Ce qui se passe entre un clic et l’affichage d’une page.',
    chapters: [
      {
        title: 'Requêtes et réponses',
        content: `# Requêtes et réponses

Le navigateur envoie une **requête** (méthode, chemin, en-têtes, corps) et le serveur répond
par un **code d’état**, des en-têtes et un corps.

| code | sens |
|---|---|
| 200 | succès |
| 201 | ressource créée |
| 404 | introuvable |
| 409 | conflit avec l’état actuel |`,
        links: [
          {
            title: 'MDN — Aperçu du protocole HTTP',
            url: 'https://developer.mozilla.org/fr/docs/Web/HTTP/Overview',
          },
        ],
      },
      {
        title: 'Cookies et sessions',
        content: `# Cookies et sessions

HTTP est **sans état** : pour reconnaître un utilisateur, le serveur dépose un cookie de session.

- \`HttpOnly\` empêche le JavaScript de la page de le lire ;
- \`Secure\` ne l’envoie qu’en HTTPS ;
- \`SameSite=Lax\` limite son envoi depuis d’autres sites.`,
      },
    ],
  },
  {
    subject: 'htmlcss',
    title: 'Mise en page avec Flexbox',
    summary: 'Aligner et répartir des éléments sur une ligne ou une colonne.',
    chapters: [
      {
        title: 'Axe principal et axe secondaire',
        content: `# Axe principal et axe secondaire

\`display: flex\` aligne les enfants sur l’**axe principal** (horizontal par défaut).

\`\`\`css
.barre {
  display: flex;
  justify-content: space-between; /* axe principal */
  align-items: center;            /* axe secondaire */
}
\`\`\`

\`flex-direction: column\` fait pivoter les deux axes.`,
        links: [
          {
            title: 'MDN — Flexbox',
            url: 'https://developer.mozilla.org/fr/docs/Learn_web_development/Core/CSS_layout/Flexbox',
          },
        ],
      },
      {
        title: 'Répartir l’espace',
        content: `# Répartir l’espace

La propriété \`flex\` d’un enfant combine \`flex-grow\`, \`flex-shrink\` et \`flex-basis\`.

\`\`\`css
.carte { flex: 1 1 250px; }
\`\`\`

Chaque carte part de 250 px, grandit pour remplir la ligne et rétrécit si la place manque.
Avec \`flex-wrap: wrap\`, les cartes passent à la ligne suivante.`,
      },
    ],
  },
  {
    subject: 'js',
    title: 'Manipuler le DOM',
    summary: 'Lire et modifier la page depuis JavaScript.',
    chapters: [
      {
        title: 'Sélectionner des éléments',
        content: `# Sélectionner des éléments

\`\`\`js
const titre = document.querySelector('h1');
const boutons = document.querySelectorAll('button.primaire');
\`\`\`

\`querySelector\` renvoie le premier élément qui correspond au sélecteur CSS, ou \`null\`.`,
      },
      {
        title: 'Réagir aux événements',
        content: `# Réagir aux événements

\`\`\`js
bouton.addEventListener('click', (event) => {
  event.preventDefault();
  compteur.textContent = String(Number(compteur.textContent) + 1);
});
\`\`\`

Préférez \`textContent\` à \`innerHTML\` pour insérer du texte : il n’interprète pas de HTML.`,
        links: [
          {
            title: 'MDN — Introduction aux événements',
            url: 'https://developer.mozilla.org/fr/docs/Learn_web_development/Core/Scripting/Events',
          },
        ],
      },
    ],
  },
  {
    subject: 'scrum',
    title: 'Rollen in Scrum',
    summary: 'Wer in einem Scrum-Team welche Verantwortung trägt.',
    chapters: [
      {
        title: 'Product Owner',
        content: `# Product Owner

Der **Product Owner** maximiert den Wert des Produkts. Er pflegt das *Product Backlog*,
ordnet die Einträge und erklärt sie dem Team.

- eine Person, kein Komitee;
- entscheidet über die Reihenfolge, nicht über das Wie.`,
      },
      {
        title: 'Scrum Master und Entwickler',
        content: `# Scrum Master und Entwickler

Der **Scrum Master** sorgt dafür, dass Scrum verstanden und gelebt wird, und räumt Hindernisse
aus dem Weg. Die **Entwickler** setzen im Sprint ein nutzbares Inkrement um.

> Ein Sprint dauert höchstens einen Monat; kürzere Sprints verringern das Risiko.`,
        links: [{ title: 'Der Scrum Guide', url: 'https://scrumguides.org/' }],
      },
    ],
  },
];
