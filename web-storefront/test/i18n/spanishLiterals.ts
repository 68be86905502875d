import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * A lint-style scan of the storefront's sources for words a visitor would see that do not come from the
 * dictionaries (issue 11 point 9). It parses every .ts/.tsx file of src/ and reports:
 * - JSX text with letters (`<p>Hola</p>`),
 * - string literals in props that are read out or shown (aria-label, title, label, placeholder, alt…) and
 *   string literals that are JSX children (`{'Hola'}`),
 * - any other string or template literal with a Spanish give-away: a letter only Spanish uses (á, ñ, ¿…)
 *   or a common Spanish word (de, para, sin, precio…).
 * It skips what never reaches the screen: import paths, literal types, property names, and the messages
 * of console calls and thrown errors (the seed's log texts stay as it words them). What is left and still
 * fine (proper names, catalogue values the code compares with, data keys) is in ALLOWED with its reason.
 */

export interface Finding {
  file: string;
  line: number;
  text: string;
  kind: 'jsx-text' | 'shown-prop' | 'jsx-child' | 'spanish-literal';
}

/** Props whose string value is shown or read out. */
const SHOWN_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'label',
  'placeholder',
  'alt',
  'helperText',
  'primary',
  'secondary',
  'heading',
  'text',
  'message',
  'tooltip',
]);

/** Words common in Spanish sentences and rare in English or Portuguese UI text, lower case, no accents. */
const SPANISH_WORDS = new Set(
  (
    'de del la las los el para con sin tu tus su sus una uno por que y o al mas ' +
    'precio precios plan planes cobertura coberturas deducible tope prestador prestadores seguro seguros ' +
    'desde hasta ingresa ingresar agregar quitar cargas carga edad anos empleados empresa mascota mascotas ' +
    'persona personas perfil solicitar solicitud comparar filtros buscar buscando cargando calculando ' +
    'pagina error intenta nuevo gracias cerrar volver inicio contacto correo telefono nombre region ' +
    'mensaje enviar enviando producto productos preguntas frecuentes condiciones exclusiones requisitos ' +
    'comercializable libre eleccion preferente cerrado parto mensual anual cuotas descuento promocion ' +
    'promociones disponibles quedan queda solo minimo invalido valida valido ups algo salio mal humano'
  ).split(' '),
);

const SPANISH_LETTERS = /[áéíóúñÁÉÍÓÚÑ¿¡]/;
const plainWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** True when a text reads as Spanish: a Spanish-only letter, or a common Spanish word. */
export function looksSpanish(text: string): boolean {
  return SPANISH_LETTERS.test(text) || plainWords(text).some((word) => SPANISH_WORDS.has(word));
}

const hasLetters = (text: string) => /\p{L}{2,}/u.test(text);
/** A dictionary key ('card.top', `detail.tab.${tab}`): looked up, never shown as it is. */
const isKey = (text: string) => /^[a-z][\w-]*(\.[\w-]*)+$/.test(text.trim());
/**
 * A literal without spaces is a token (a path, a slug, a query name, a catalogue value the code compares
 * with): flagged only when it has a letter only Spanish uses. Sentences are what the word list is for.
 */
const isToken = (text: string) => !/\s/.test(text.trim());

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) {
    const owner = ts.isIdentifier(callee.expression) ? callee.expression.text : '';
    return `${owner}.${callee.name.text}`;
  }
  return '';
}

/** A literal whose text never reaches the screen: a log line, an error thrown, a module path, a type. */
function neverShown(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const name = calleeName(at);
      if (name.startsWith('console.') || /Error$/.test(name)) return true;
      if (at.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
      return false;
    }
    if (ts.isBlock(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

/** The JSX attribute a literal is the value of, if any. */
function attributeOf(node: ts.Node): string | null {
  const parent = node.parent;
  if (parent && ts.isJsxAttribute(parent)) return parent.name.getText();
  if (parent && ts.isJsxExpression(parent) && parent.parent && ts.isJsxAttribute(parent.parent))
    return parent.parent.name.getText();
  return null;
}

function scanFile(file: string, root: string): Finding[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string, kind: Finding['kind']) =>
    findings.push({
      file: relative(root, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim().replace(/\s+/g, ' '),
      kind,
    });

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (hasLetters(node.text)) report(node, node.text, 'jsx-text');
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('')
        : node.text;
      const property = node.parent && ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      if (!property && !neverShown(node)) {
        const attribute = attributeOf(node);
        const child = node.parent && ts.isJsxExpression(node.parent) && !attribute;
        if (isKey(text)) {
          // a dictionary key
        } else if (attribute !== null && SHOWN_PROPS.has(attribute) && hasLetters(text))
          report(node, text, 'shown-prop');
        else if (child && hasLetters(text)) report(node, text, 'jsx-child');
        else if (isToken(text) ? SPANISH_LETTERS.test(text) : looksSpanish(text))
          report(node, text, 'spanish-literal');
      }
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every finding under `dir` (the storefront's src), paths relative to `root`. */
export function scanSpanishLiterals(dir: string, root: string): Finding[] {
  return sourceFiles(dir).flatMap((file) => scanFile(file, root));
}
