import { describe, expect, it } from 'vitest';
import { readGift } from './gift.ts';
import { writeGift } from './gift-export.ts';
import { readMoodleXml } from './moodle-xml.ts';
import { writeMoodleXml } from './moodle-xml-export.ts';
import { pointsFor } from './scoring.ts';

const labels = { true: 'Vrai', false: 'Faux' };

/**
 * A GIFT export written from Moodle's documentation of the format: every question type, every
 * format, feedback, weights and the characters that must be escaped.
 */
const MOODLE_GIFT = String.raw`// Written as Moodle documents GIFT.
$CATEGORY: $course$/Algorithmique

::TF::1+1=2 {T#Non, relisez.#Oui. ####L'addition des entiers.}

::Couleur::What's between orange and green in the spectrum?
{ =yellow # right; good! ~red # wrong, it's yellow ~%-50%blue # wrong, it's yellow }

::Partial::Which sorts are O(n log n)? {~%50%Merge sort ~%50%Heap sort ~%-100%Insertion sort ####Think worst case.}

::Blank::Two plus {=two =%50%2 #digits} equals four.

::Missing::Moodle costs {~lots of money =nothing ~a small amount} to download.

::Match::Which animal eats which food? { =cat -> cat food =dog -> dog food = -> bird seed ####Pets.}

::Range::What is a number from 1 to 5? {#3:2}

::Interval::What is a number from 1 to 5? {#1..5}

::Grant::When was Ulysses S. Grant born? {#
  =1822:0 # Correct!
  =%50%1822:2 # Close.
}

::Essay::How are you? {####Any honest answer.}

::Intro::[html]<p>Read <b>carefully</b>.</p>

::Html::[html]<p>Which is <em>right</em>?</p> {=this ~that}

::Markdown::[markdown]Which is **bold**? {=this ~that}

::Escapes \: colon::Braces \{x\}, a tilde \~, an equals \= and a hash \# {=a\=b ~c\~d}
`;

/** The part of a question that makes its score and what the student sees. */
const essence = (items: ReturnType<typeof readGift>) =>
  items.map(({ question, problem }) => question ?? problem);

describe('GIFT round trip', () => {
  it('reads every question of a GIFT file written from Moodle’s documentation', () => {
    const read = readGift(MOODLE_GIFT, labels);
    expect(read.filter((item) => item.problem)).toEqual([]);
    expect(read.map((item) => item.question?.kind)).toEqual([
      'single',
      'single',
      'multiple',
      'short',
      'single',
      'matching',
      'numerical',
      'numerical',
      'numerical',
      'long',
      'description',
      'single',
      'single',
      'single',
    ]);
  });

  it('gives the same questions and the same scores after export and import', () => {
    const first = readGift(MOODLE_GIFT, labels);
    const questions = first.map((item) => ({
      options: [],
      points: 1,
      ...item.question!,
    }));
    const exported = writeGift([{ category: null, questions: questions as never }]);
    const second = readGift(exported, labels);
    expect(essence(second)).toEqual(essence(first));
    // And again: the export of the import of an export is the export.
    expect(
      writeGift([
        {
          category: null,
          questions: second.map((item) => ({ options: [], points: 1, ...item.question! })) as never,
        },
      ]),
    ).toBe(exported);
    // Every answer a student may give scores the same on both sides.
    const answers = [
      { choices: [0] },
      { choices: [1] },
      { choices: [0, 1] },
      { choices: [2] },
      { text: 'two' },
      { text: '2' },
      { text: '1822' },
      { text: '1823' },
      { text: '4.9' },
      { pairs: [0, 1] },
      { pairs: [1, 0] },
    ];
    first.forEach((item, index) => {
      const before = { options: [], points: 1, ...item.question! };
      const after = { options: [], points: 1, ...second[index]!.question! };
      for (const answer of answers) {
        expect(pointsFor(after as never, answer)).toBe(pointsFor(before as never, answer));
      }
    });
  });
});

/**
 * A Moodle XML export as Moodle 4 writes it (qformat_xml): a category, then one question of each
 * type with its grade, penalty, feedback in several formats, and entities to decode.
 */
const MOODLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category>
      <text>$course$/top/Algorithmique</text>
    </category>
    <info format="moodle_auto_format">
      <text></text>
    </info>
  </question>

<!-- question: 101  -->
  <question type="multichoice">
    <name>
      <text>Dichotomie</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Complexité de la recherche <b>dichotomique</b> ?</p>]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>On divise par deux.</p>]]></text>
    </generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <showstandardinstruction>0</showstandardinstruction>
    <correctfeedback format="html"><text>Votre réponse est correcte.</text></correctfeedback>
    <answer fraction="100" format="html">
      <text><![CDATA[<p>O(log n)</p>]]></text>
      <feedback format="html"><text><![CDATA[<p>Oui.</p>]]></text></feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>O(n)</text>
      <feedback format="html"><text></text></feedback>
    </answer>
    <answer fraction="-33.33333" format="html">
      <text>O(n &amp; 1)</text>
      <feedback format="html"><text>Non &amp;lt;pas du tout&amp;gt;.</text></feedback>
    </answer>
  </question>

<!-- question: 102  -->
  <question type="multichoice">
    <name><text>Tris</text></name>
    <questiontext format="moodle_auto_format"><text>Tris en O(n log n) ?
Cochez-les.</text></questiontext>
    <generalfeedback format="moodle_auto_format"><text></text></generalfeedback>
    <defaultgrade>3</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <single>false</single>
    <shuffleanswers>1</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <answer fraction="50"><text>Tri fusion</text><feedback><text></text></feedback></answer>
    <answer fraction="50"><text>Tri par tas</text><feedback><text></text></feedback></answer>
    <answer fraction="-100"><text>Tri par insertion</text><feedback><text></text></feedback></answer>
  </question>

<!-- question: 103  -->
  <question type="truefalse">
    <name><text>Soleil</text></name>
    <questiontext format="plain_text"><text>Le soleil est une étoile.</text></questiontext>
    <generalfeedback format="plain_text"><text></text></generalfeedback>
    <defaultgrade>1</defaultgrade>
    <penalty>1</penalty>
    <hidden>0</hidden>
    <answer fraction="100" format="moodle_auto_format"><text>true</text><feedback format="moodle_auto_format"><text>Bien.</text></feedback></answer>
    <answer fraction="0" format="moodle_auto_format"><text>false</text><feedback format="moodle_auto_format"><text>C'est une étoile.</text></feedback></answer>
  </question>

<!-- question: 104  -->
  <question type="shortanswer">
    <name><text>Capitale</text></name>
    <questiontext format="html"><text>Capitale de l'Allemagne ?</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>1</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <usecase>1</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>Berlin</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="25" format="moodle_auto_format"><text>Bonn*</text><feedback format="html"><text>Autrefois.</text></feedback></answer>
  </question>

<!-- question: 105  -->
  <question type="numerical">
    <name><text>Grant</text></name>
    <questiontext format="html"><text>Année de naissance de Grant ?</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>1</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <answer fraction="100" format="moodle_auto_format"><text>1822</text><feedback format="html"><text>Exact.</text></feedback><tolerance>0</tolerance></answer>
    <answer fraction="50" format="moodle_auto_format"><text>1822</text><feedback format="html"><text>Proche.</text></feedback><tolerance>2</tolerance></answer>
    <answer fraction="0" format="moodle_auto_format"><text>*</text><feedback format="html"><text>Non.</text></feedback><tolerance>0</tolerance></answer>
    <unitgradingtype>0</unitgradingtype>
    <unitpenalty>0.1000000</unitpenalty>
    <showunits>3</showunits>
    <unitsleft>0</unitsleft>
  </question>

<!-- question: 106  -->
  <question type="matching">
    <name><text>Animaux</text></name>
    <questiontext format="html"><text>Qui mange quoi ?</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>3</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <shuffleanswers>true</shuffleanswers>
    <subquestion format="html"><text>chat</text><answer><text>croquettes</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>chien</p>]]></text><answer><text>os</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>graines</text></answer></subquestion>
  </question>

<!-- question: 107  -->
  <question type="essay">
    <name><text>Récursivité</text></name>
    <questiontext format="markdown"><text>Expliquez la **récursivité**.</text></questiontext>
    <generalfeedback format="html"><text>Pensez à la pile.</text></generalfeedback>
    <defaultgrade>5</defaultgrade>
    <penalty>0</penalty>
    <hidden>0</hidden>
    <responseformat>editor</responseformat>
    <responserequired>1</responserequired>
    <responsefieldlines>15</responsefieldlines>
  </question>

<!-- question: 108  -->
  <question type="description">
    <name><text>Partie 2</text></name>
    <questiontext format="html"><text><![CDATA[<h2>Partie 2</h2>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>0</defaultgrade>
    <penalty>0</penalty>
    <hidden>0</hidden>
  </question>

<!-- question: 109  -->
  <question type="calculated">
    <name><text>Calculée</text></name>
    <questiontext format="html"><text>{a} + {b} ?</text></questiontext>
  </question>
</quiz>
`;

describe('Moodle XML', () => {
  const read = readMoodleXml(MOODLE_XML, labels);

  it('reads every core question type of a Moodle export as Moodle scores it', () => {
    expect(read.map((item) => [item.line, item.question?.kind ?? item.problem])).toEqual([
      [14, 'single'],
      [48, 'multiple'],
      [65, 'single'],
      [77, 'short'],
      [90, 'numerical'],
      [107, 'matching'],
      [121, 'long'],
      [134, 'description'],
      [144, 'exams.import.unsupported'],
    ]);
    expect(read.every((item) => item.category === '$course$/top/Algorithmique')).toBe(true);
    const [dichotomy, sorts, sun, capital, grant, animals, essay, part] = read.map(
      (item) => item.question!,
    );
    expect(dichotomy).toMatchObject({
      title: 'Dichotomie',
      format: 'html',
      prompt: '<p>Complexité de la recherche <b>dichotomique</b> ?</p>',
      choices: ['O(log n)', 'O(n)', 'O(n & 1)'],
      points: 2,
      answer_key: {
        weights: [1, 0, -0.3333333],
        feedback: ['Oui.', '', 'Non <pas du tout>.'],
        general: 'On divise par deux.',
      },
    });
    expect(sorts).toMatchObject({
      kind: 'multiple',
      format: 'plain',
      prompt: 'Tris en O(n log n) ?\nCochez-les.',
      points: 3,
      answer_key: { weights: [0.5, 0.5, -1] },
    });
    expect(sun).toMatchObject({
      choices: ['Vrai', 'Faux'],
      answer_key: { choices: [0], feedback: ['Bien.', "C'est une étoile."] },
    });
    expect(capital!.answer_key).toEqual({
      accepted: ['Berlin', 'Bonn*'],
      weights: [1, 0.25],
      case_sensitive: true,
      feedback: ['', 'Autrefois.'],
    });
    // The `*` answer that catches any other number is left out, with its feedback.
    expect(grant!.answer_key).toEqual({
      numbers: [
        { value: 1822, tolerance: 0 },
        { value: 1822, tolerance: 2 },
      ],
      weights: [1, 0.5],
      feedback: ['Exact.', 'Proche.'],
    });
    expect(animals).toMatchObject({
      choices: ['chat', 'chien'],
      options: ['croquettes', 'os', 'graines'],
      answer_key: { pairs: [0, 1] },
      points: 3,
    });
    expect(essay).toMatchObject({
      kind: 'long',
      format: 'html',
      prompt: '<p>Expliquez la <strong>récursivité</strong>.</p>',
      points: 5,
      answer_key: { general: 'Pensez à la pile.' },
    });
    expect(part).toMatchObject({ kind: 'description', points: 0, prompt: '<h2>Partie 2</h2>' });
  });

  it('scores a case-sensitive short answer with its case, as Moodle’s usecase does', () => {
    const capital = { options: [], ...read[3]!.question! };
    expect(pointsFor(capital as never, { text: 'Berlin' })).toBe(1);
    expect(pointsFor(capital as never, { text: 'berlin' })).toBe(0);
    expect(pointsFor(capital as never, { text: 'Bonn am Rhein' })).toBe(0.25);
  });

  it('gives the same questions and scores after export and import, from XML and from GIFT', () => {
    const questions = read.flatMap((item) =>
      item.question ? [{ options: [], ...item.question }] : [],
    );
    const again = readMoodleXml(
      writeMoodleXml([{ category: '$course$/top/Algorithmique', questions: questions as never }]),
      labels,
    );
    expect(essence(again)).toEqual(essence(read.filter((item) => item.question)));
    expect(again.every((item) => item.category === '$course$/top/Algorithmique')).toBe(true);

    const fromGift = readGift(MOODLE_GIFT, labels).map((item) => ({
      options: [],
      points: 1,
      ...item.question!,
    }));
    const throughXml = readMoodleXml(
      writeMoodleXml([{ category: null, questions: fromGift as never }]),
      labels,
    );
    expect(throughXml.map((item) => ({ points: 1, options: [], ...item.question }))).toEqual(
      fromGift.map((question) => ({ ...question, options: question.options ?? [] })),
    );
  });
});
