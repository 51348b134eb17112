// Teaching content of the demo: lessons with their chapters (the editor's HTML, sanitised by the
// seed like every write), a few links, an image and a file stored through the files adapter.

interface DemoChapter {
  title: string;
  content: string;
  links?: { title: string; url: string }[];
  /** An image of assets/, stored as a `chapter/image` file and shown after the content. */
  figure?: { file: string; alt: string; caption: string };
  /** A PDF of assets/, stored as a file resource of the chapter. */
  attachment?: { file: string; title: string };
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
        content: `<p>On dit qu’un algorithme est en <strong>O(f(n))</strong> lorsque son nombre d’opérations est borné, à une constante près, par <em>f(n)</em> pour toute donnée de taille <em>n</em> assez grande.</p>
<table><tbody><tr><th>notation</th><th>nom</th><th>exemple</th></tr><tr><td>O(1)</td><td>constante</td><td>lire une case d’un tableau</td></tr><tr><td>O(log n)</td><td>logarithmique</td><td>recherche dichotomique</td></tr><tr><td>O(n)</td><td>linéaire</td><td>parcours d’une liste</td></tr><tr><td>O(n log n)</td><td>quasi linéaire</td><td>tri fusion</td></tr><tr><td>O(n²)</td><td>quadratique</td><td>deux boucles imbriquées</td></tr></tbody></table>
<blockquote><p>On ne garde que le terme dominant : 3n² + 5n + 12 est en O(n²).</p></blockquote>
<p>Pour aller plus loin, voir l’article <a href="https://fr.wikipedia.org/wiki/Comparaison_asymptotique">Comparaison asymptotique</a>.</p>`,
        figure: {
          file: 'complexity.png',
          alt: 'Courbes des complexités O(1), O(log n), O(n), O(n log n) et O(n²) selon n',
          caption: 'Croissance comparée des principales complexités.',
        },
        attachment: { file: 'complexite-fiche.pdf', title: 'Fiche de révision (PDF)' },
        links: [
          {
            title: 'Analyse de la complexité (Wikipédia)',
            url: 'https://fr.wikipedia.org/wiki/Analyse_de_la_complexit%C3%A9_des_algorithmes',
          },
        ],
      },
      {
        title: 'Analyser une boucle',
        content: `<p>Pour estimer le coût d’une boucle, on multiplie le <strong>nombre de tours</strong> par le <strong>coût d’un tour</strong>.</p>
<pre><code>function somme(tableau: number[]): number {
  let total = 0;
  for (const valeur of tableau) total += valeur; // n tours, O(1) chacun
  return total;
}</code></pre>
<p>La fonction <code>somme</code> est donc en O(n). Deux boucles imbriquées sur le même tableau donnent n × n tours : O(n²).</p>
<h2>À retenir</h2>
<ul><li><p>une boucle dont l’indice double à chaque tour fait log₂(n) tours ;</p></li><li><p>les appels de fonctions comptent avec leur propre coût.</p></li></ul>`,
      },
      {
        title: 'Meilleur cas, pire cas, cas moyen',
        content: `<p>La recherche d’un élément dans une liste non triée s’arrête dès qu’on le trouve :</p>
<ol><li><p><strong>meilleur cas</strong> : l’élément est en tête, une seule comparaison ;</p></li><li><p><strong>pire cas</strong> : il est absent, <em>n</em> comparaisons ;</p></li><li><p><strong>cas moyen</strong> : environ <em>n/2</em> comparaisons s’il est présent à une position uniforme.</p></li></ol>
<p>Sauf mention contraire, on donne la complexité <strong>dans le pire cas</strong> : c’est une garantie.</p>`,
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
        content: `<p>On parcourt le tableau de gauche à droite et on <strong>insère</strong> chaque élément à sa place dans la partie déjà triée, comme on range des cartes dans sa main.</p>
<pre><code>function triInsertion(t: number[]): number[] {
  for (let i = 1; i &lt; t.length; i++) {
    const x = t[i]!;
    let j = i - 1;
    while (j &gt;= 0 &amp;&amp; t[j]! &gt; x) {
      t[j + 1] = t[j]!;
      j--;
    }
    t[j + 1] = x;
  }
  return t;
}</code></pre>
<p>Coût : O(n²) dans le pire cas, O(n) si le tableau est déjà trié.</p>`,
      },
      {
        title: 'Tri fusion',
        content: `<p>Le tri fusion applique le principe <strong>diviser pour régner</strong> :</p>
<ol><li><p>couper le tableau en deux moitiés ;</p></li><li><p>trier chaque moitié récursivement ;</p></li><li><p><strong>fusionner</strong> les deux moitiés triées en un seul tableau trié.</p></li></ol>
<p>La fusion coûte O(n) et l’arbre des appels a une hauteur de log₂(n) : le tri fusion est en <strong>O(n log n)</strong> dans tous les cas, au prix d’un tableau auxiliaire.</p>`,
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
        content: `<p>TypeScript connaît les types primitifs de JavaScript : <code>string</code>, <code>number</code>, <code>boolean</code>, <code>bigint</code>, <code>symbol</code>, <code>null</code> et <code>undefined</code>.</p>
<pre><code>let titre = 'Algorithmique'; // inféré : string
const coefficient = 3;       // inféré : le type littéral 3</code></pre>
<p>Il est rarement utile d’annoter une variable initialisée : le compilateur <strong>infère</strong> son type. On annote en revanche les paramètres des fonctions.</p>`,
        links: [
          {
            title: 'TypeScript Handbook — Everyday Types',
            url: 'https://www.typescriptlang.org/docs/handbook/2/everyday-types.html',
          },
        ],
      },
      {
        title: 'Unions et rétrécissement',
        content: `<p>Une <strong>union</strong> accepte plusieurs types : <code>type Note = number | 'absent'</code>.</p>
<pre><code>function afficher(note: number | 'absent'): string {
  if (note === 'absent') return 'ABS';
  return note.toFixed(2); // ici, note est un number
}</code></pre>
<p>Le test <code>note === 'absent'</code> <strong>rétrécit</strong> le type dans chaque branche : c’est le <em>narrowing</em>.</p>`,
      },
      {
        title: 'Génériques',
        content: `<p>Un générique paramètre un type par un autre :</p>
<pre><code>function premier&lt;T&gt;(liste: T[]): T | undefined {
  return liste[0];
}
const p = premier(['L1', 'L2']); // string | undefined</code></pre>
<p>Les génériques évitent de dupliquer du code pour chaque type tout en gardant la vérification.</p>`,
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
        content: `<p>Une <strong>table</strong> regroupe des lignes de même forme. Chaque ligne est identifiée par une <strong>clé primaire</strong> ; une <strong>clé étrangère</strong> référence la clé primaire d’une autre table.</p>
<pre><code>CREATE TABLE etudiant (
  id      bigint PRIMARY KEY,
  nom     text NOT NULL,
  email   text NOT NULL UNIQUE
);</code></pre>
<p>Les contraintes (<code>NOT NULL</code>, <code>UNIQUE</code>, <code>CHECK</code>, <code>REFERENCES</code>) protègent la cohérence des données, même si l’application a un bogue.</p>`,
        links: [
          {
            title: 'Documentation PostgreSQL — Contraintes',
            url: 'https://www.postgresql.org/docs/current/ddl-constraints.html',
          },
        ],
      },
      {
        title: 'Les jointures',
        content: `<p>Une jointure associe les lignes de deux tables selon une condition.</p>
<pre><code>SELECT e.nom, r.note
FROM etudiant e
JOIN resultat r ON r.etudiant_id = e.id
WHERE r.note &gt;= 10;</code></pre>
<ul><li><p><code>INNER JOIN</code> ne garde que les lignes qui ont une correspondance ;</p></li><li><p><code>LEFT JOIN</code> garde toutes les lignes de gauche, avec des <code>NULL</code> à droite si besoin.</p></li></ul>`,
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
        content: `<p>L’<strong>espérance</strong> E(X) est la moyenne des valeurs de X pondérée par leurs probabilités. La <strong>variance</strong> mesure la dispersion : V(X) = E((X − E(X))²) = E(X²) − E(X)².</p>
<p>Exemple : pour un dé équilibré, E(X) = 3,5 et V(X) = 35/12 ≈ 2,92.</p>`,
      },
      {
        title: 'La loi normale',
        content: `<p>La loi normale N(μ, σ²) décrit de nombreux phénomènes (tailles, erreurs de mesure).</p>
<ul><li><p>environ 68 % des valeurs sont à moins d’un écart type de μ ;</p></li><li><p>environ 95 % à moins de deux écarts types.</p></li></ul>
<p>Le <strong>théorème central limite</strong> explique son omniprésence : une somme de nombreuses variables indépendantes tend vers une loi normale.</p>`,
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
        content: `<p>Le navigateur envoie une <strong>requête</strong> (méthode, chemin, en-têtes, corps) et le serveur répond par un <strong>code d’état</strong>, des en-têtes et un corps.</p>
<table><tbody><tr><th>code</th><th>sens</th></tr><tr><td>200</td><td>succès</td></tr><tr><td>201</td><td>ressource créée</td></tr><tr><td>404</td><td>introuvable</td></tr><tr><td>409</td><td>conflit avec l’état actuel</td></tr></tbody></table>`,
        links: [
          {
            title: 'MDN — Aperçu du protocole HTTP',
            url: 'https://developer.mozilla.org/fr/docs/Web/HTTP/Overview',
          },
        ],
      },
      {
        title: 'Cookies et sessions',
        content: `<p>HTTP est <strong>sans état</strong> : pour reconnaître un utilisateur, le serveur dépose un cookie de session.</p>
<ul><li><p><code>HttpOnly</code> empêche le JavaScript de la page de le lire ;</p></li><li><p><code>Secure</code> ne l’envoie qu’en HTTPS ;</p></li><li><p><code>SameSite=Lax</code> limite son envoi depuis d’autres sites.</p></li></ul>`,
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
        content: `<p><code>display: flex</code> aligne les enfants sur l’<strong>axe principal</strong> (horizontal par défaut).</p>
<pre><code>.barre {
  display: flex;
  justify-content: space-between; /* axe principal */
  align-items: center;            /* axe secondaire */
}</code></pre>
<p><code>flex-direction: column</code> fait pivoter les deux axes.</p>`,
        links: [
          {
            title: 'MDN — Flexbox',
            url: 'https://developer.mozilla.org/fr/docs/Learn_web_development/Core/CSS_layout/Flexbox',
          },
        ],
      },
      {
        title: 'Répartir l’espace',
        content: `<p>La propriété <code>flex</code> d’un enfant combine <code>flex-grow</code>, <code>flex-shrink</code> et <code>flex-basis</code>.</p>
<pre><code>.carte { flex: 1 1 250px; }</code></pre>
<p>Chaque carte part de 250 px, grandit pour remplir la ligne et rétrécit si la place manque. Avec <code>flex-wrap: wrap</code>, les cartes passent à la ligne suivante.</p>`,
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
        content: `<pre><code>const titre = document.querySelector('h1');
const boutons = document.querySelectorAll('button.primaire');</code></pre>
<p><code>querySelector</code> renvoie le premier élément qui correspond au sélecteur CSS, ou <code>null</code>.</p>`,
      },
      {
        title: 'Réagir aux événements',
        content: `<pre><code>bouton.addEventListener('click', (event) =&gt; {
  event.preventDefault();
  compteur.textContent = String(Number(compteur.textContent) + 1);
});</code></pre>
<p>Préférez <code>textContent</code> à <code>innerHTML</code> pour insérer du texte : il n’interprète pas de HTML.</p>`,
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
        content: `<p>Der <strong>Product Owner</strong> maximiert den Wert des Produkts. Er pflegt das <em>Product Backlog</em>, ordnet die Einträge und erklärt sie dem Team.</p>
<ul><li><p>eine Person, kein Komitee;</p></li><li><p>entscheidet über die Reihenfolge, nicht über das Wie.</p></li></ul>`,
      },
      {
        title: 'Scrum Master und Entwickler',
        content: `<p>Der <strong>Scrum Master</strong> sorgt dafür, dass Scrum verstanden und gelebt wird, und räumt Hindernisse aus dem Weg. Die <strong>Entwickler</strong> setzen im Sprint ein nutzbares Inkrement um.</p>
<blockquote><p>Ein Sprint dauert höchstens einen Monat; kürzere Sprints verringern das Risiko.</p></blockquote>`,
        links: [{ title: 'Der Scrum Guide', url: 'https://scrumguides.org/' }],
      },
    ],
  },
];
