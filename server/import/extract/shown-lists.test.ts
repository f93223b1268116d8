import { describe, expect, it } from 'vitest';
import { extractRecipeFromHtml } from './index.js';

/*
 * The ingredient list as the page shows it. Pages written for these tests: recipe markup that is a poorer
 * copy of the visible list, bold group names inside an ingredients section, lists hidden behind a unit
 * toggle, and a recipe that only a sidebar holds.
 */

const page = (body: string, head = '<title>Test page</title>') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const jsonLd = (recipe: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Recipe', ...recipe })}</script>`;
const notes = (draft: ReturnType<typeof extractRecipeFromHtml>) => draft?.recipeIngredient.map((line) => line.note);
const titles = (draft: ReturnType<typeof extractRecipeFromHtml>) => draft?.recipeIngredient.map((line) => line.title);
const steps = (draft: ReturnType<typeof extractRecipeFromHtml>) => draft?.recipeInstructions.map((step) => step.text);
const MENU = `<div class="menu"><ul><li><a href="/c/salt">Salt</a></li><li><a href="/c/rye">Rye flour</a></li><li><a href="/c/water">Water</a></li></ul></div>`;

describe('markup that gives a poorer copy of the visible list', () => {
  it('takes the amounts the page shows when the markup names only the foods (an itemprop on the food alone)', () => {
    const body = `${MENU}<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Rye crackers</h1>
      <ul><li>300 g <span itemprop="recipeIngredient">Rye flour</span></li><li>180 ml <span itemprop="recipeIngredient">Water</span></li>
      <li>1 tsp <span itemprop="recipeIngredient">Salt</span></li></ul>
      <ol><li itemprop="recipeInstructions">Mix and roll out thinly.</li><li itemprop="recipeInstructions">Bake for 12 minutes.</li></ol></div>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['300 g Rye flour', '180 ml Water', '1 tsp Salt']);
  });

  it('takes the line as shown when the markup moves the amount behind the food ("flour 200g")', () => {
    const recipe = jsonLd({ name: 'Sage butter pasta', recipeIngredient: ['fresh pasta 400gr', 'butter 60gr', 'sage leaves 12'], recipeInstructions: ['Cook the pasta.', 'Brown the butter with the sage.'] });
    const body = `<h1>Sage butter pasta</h1><div class="card"><h2>Ingredients for 2</h2><ul><li>400 gr fresh pasta (filled, for example with ricotta)</li><li>60 gr butter</li><li>12 sage leaves</li></ul></div>`;
    const draft = extractRecipeFromHtml(page(body, `<title>Sage butter pasta</title>${recipe}`));
    expect(notes(draft)).toEqual(['400 gr fresh pasta (filled, for example with ricotta)', '60 gr butter', '12 sage leaves']);
  });

  it('splits a markup list glued into one string into the lines the page shows', () => {
    const glued = '2 cups cooked rice, a day old1 tablespoon sesame oil2 eggs, beaten3 spring onions, sliced1 tablespoon soy sauce, or to tasteA handful of frozen peas';
    const recipe = jsonLd({ name: 'Egg fried rice', recipeIngredient: glued, recipeInstructions: ['Fry everything.'] });
    const body = `<ul class="ingredients"><li>2 cups cooked rice, a day old</li><li>1 tablespoon sesame oil</li><li>2 eggs, beaten</li><li>3 spring onions, sliced</li><li>1 tablespoon soy sauce, or to taste</li><li>A handful of frozen peas</li></ul>`;
    const draft = extractRecipeFromHtml(page(body, recipe));
    expect(notes(draft)).toEqual(['2 cups cooked rice, a day old', '1 tablespoon sesame oil', '2 eggs, beaten', '3 spring onions, sliced', '1 tablespoon soy sauce, or to taste', 'A handful of frozen peas']);
  });

  it('takes the whole list when the markup stops part-way, and not when the page adds only a stray line', () => {
    const recipe = jsonLd({ name: 'Gnocchi bake', recipeIngredient: ['500 g gnocchi', '1onion', '2 cloves garlic'], recipeInstructions: ['Bake it all.'] });
    const cut = `<ul><li>500 g gnocchi</li><li>1 onion</li><li>2 cloves garlic</li><li>200 ml cream</li><li>100 g cheese, grated</li></ul>`;
    expect(notes(extractRecipeFromHtml(page(cut, recipe)))).toEqual(['500 g gnocchi', '1 onion', '2 cloves garlic', '200 ml cream', '100 g cheese, grated']);
    const stray = `<ul><li>500 g gnocchi</li><li>1 onion</li><li>2 cloves garlic</li><li>4 servings</li></ul>`;
    expect(notes(extractRecipeFromHtml(page(stray, recipe)))).toEqual(['500 g gnocchi', '1onion', '2 cloves garlic']);
  });

  it('adds the group the markup left out when the lists sit loose in the article, among its other paragraphs and its steps', () => {
    const recipe = jsonLd({ name: 'Noodle salad', recipeIngredient: ['3 tbsp lime juice', '1 tbsp fish sauce', '1 tsp brown sugar'], recipeInstructions: ['Cook the noodles.', 'Dress and toss.'] });
    const body = `<article><h1>Noodle salad</h1><p>A salad for hot days, ready in twenty minutes.</p><p>Keep the herbs dry so they stay crisp.</p>
      <h2>Ingredients</h2><p>serves 2</p><ul><li>200 g rice noodles</li><li>1 cucumber, in matchsticks</li><li>2 handfuls mint leaves</li></ul>
      <h3>For the dressing:</h3><ul><li>3 tbsp lime juice</li><li>1 tbsp fish sauce</li><li>1 tsp brown sugar</li></ul>
      <h2>Directions</h2><h3>Noodles</h3><ol><li>Cook the noodles, rinse them cold and drain well.</li></ol><h3>Salad</h3><ol><li>Whisk the dressing, pour it over and toss with the herbs.</li></ol>
      <p>Tried it? Leave a comment below.</p></article>`;
    const draft = extractRecipeFromHtml(page(body, `<title>Noodle salad</title>${recipe}`));
    expect(notes(draft)).toEqual(['200 g rice noodles', '1 cucumber, in matchsticks', '2 handfuls mint leaves', '3 tbsp lime juice', '1 tbsp fish sauce', '1 tsp brown sugar']);
    expect(titles(draft)).toEqual([null, null, null, 'For the dressing', null, null]);
  });

  it('takes the amounts from a list built of blocks (a div per ingredient) when the markup names only the foods', () => {
    const recipe = jsonLd({ name: 'Lentil soup', recipeIngredient: ['red lentils', 'carrots', 'vegetable stock', 'salt'], recipeInstructions: ['Simmer everything for 25 minutes.'] });
    const row = (food: string, amount: string) => `<div class="row"><p class="food"><label><input type="checkbox"><span>${food}</span></label></p><p class="amount"><span>${amount}</span></p></div>`;
    const body = `<h1>Lentil soup</h1><p>Tags: <a href="/t/lentils">red lentils</a></p>
      <div class="list">${row('red lentils', '250 g')}${row('carrots', '2')}${row('vegetable stock', '1 l')}<div class="row"><p><span>salt</span></p></div></div>`;
    const draft = extractRecipeFromHtml(page(body, `<title>Lentil soup</title>${recipe}`));
    expect(notes(draft)).toEqual(['red lentils 250 g', 'carrots 2', 'vegetable stock 1 l', 'salt']);
    const amountFirst = `<div><div><span>200 ml</span> <span>red lentils</span></div><div><span>1</span> <span>carrots</span></div><div><span>vegetable stock</span></div><div><span>salt</span></div></div>`;
    expect(notes(extractRecipeFromHtml(page(amountFirst, recipe)))).toEqual(['200 ml red lentils', '1 carrots', 'vegetable stock', 'salt']);
  });

  it('keeps the markup when the blocks around its foods show no amounts or are long text', () => {
    const recipe = jsonLd({ name: 'Lentil soup', recipeIngredient: ['red lentils', 'carrots', 'salt'], recipeInstructions: ['Simmer.'] });
    const prose = `<div><p>Cook <b>red lentils</b> for 20 minutes, then add the diced <b>carrots</b> and a good pinch of <b>salt</b> at the end of 2 hours.</p></div>`;
    expect(notes(extractRecipeFromHtml(page(prose, recipe)))).toEqual(['red lentils', 'carrots', 'salt']);
    const bare = `<div><div>red lentils</div><div>carrots</div><div>salt</div></div>`;
    expect(notes(extractRecipeFromHtml(page(bare, recipe)))).toEqual(['red lentils', 'carrots', 'salt']);
  });

  it('keeps the markup when the page adds nothing to it, or shows several of its lines in one item', () => {
    const recipe = jsonLd({ name: 'Toast', recipeIngredient: ['2 slices bread', '1 tbsp butter', '1 tsp honey'], recipeInstructions: ['Toast and spread.'] });
    const same = `<ul><li>▢ 2 slices (60 g) bread</li><li>▢ 1 tbsp (14 g) butter</li><li>▢ 1 tsp honey</li></ul>`;
    expect(notes(extractRecipeFromHtml(page(same, recipe)))).toEqual(['2 slices bread', '1 tbsp butter', '1 tsp honey']);
    const grouped = `<ul><li>For the toast: 2 slices bread 1 tbsp butter</li><li>1 tsp honey</li></ul>`;
    expect(notes(extractRecipeFromHtml(page(grouped, recipe)))).toEqual(['2 slices bread', '1 tbsp butter', '1 tsp honey']);
  });
});

describe('headings inside an ingredient list read from the page', () => {
  it('bold group names between "Ingredients" and "Method" are section titles, and the steps keep their groups too', () => {
    const body = `<main><h1>Plum cake</h1><p><strong>Ingredients</strong></p>
      <p><span><strong>Dough</strong></span></p><ul><li>250 g flour</li><li>125 g butter</li></ul>
      <p><strong>Topping</strong></p><ul><li>1 kg plums</li><li>2 tbsp sugar</li></ul>
      <p><strong>Method</strong></p><p><strong>Dough</strong></p><ol><li>Rub the butter into the flour.</li><li>Press into a tin.</li></ol>
      <p><strong>Topping</strong></p><ol><li>Halve the plums and lay them on the dough.</li><li>Sprinkle with sugar and bake for 45 minutes.</li></ol>
      <p><em>Photo: somebody</em></p></main>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['250 g flour', '125 g butter', '1 kg plums', '2 tbsp sugar']);
    expect(titles(draft)).toEqual(['Dough', null, 'Topping', null]);
    expect(steps(draft)).toEqual(['Rub the butter into the flour.', 'Press into a tin.', 'Halve the plums and lay them on the dough.', 'Sprinkle with sugar and bake for 45 minutes.']);
  });

  it('a short plain line that opens another list ("Optional", "For the glaze:") names a group; a sentence ends the ingredients', () => {
    const body = `<main><h1>Sticky wings</h1><p>Ingredients</p><ul><li>1 kg chicken wings</li><li>2 tbsp smoked paprika</li></ul>
      <p>For the glaze:</p><ul><li>4 tbsp honey</li><li>1 tbsp soy sauce</li></ul><p>Optional</p><ul><li>Sesame seeds</li></ul>
      <p>Method</p><ol><li>Rub the wings with paprika and roast for 40 minutes.</li><li>Brush with the glaze and roast 10 minutes more.</li></ol></main>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['1 kg chicken wings', '2 tbsp smoked paprika', '4 tbsp honey', '1 tbsp soy sauce', 'Sesame seeds']);
    expect(titles(draft)).toEqual([null, null, 'For the glaze', null, 'Optional']);
    const sentence = `<main><h1>Sticky wings</h1><p>Ingredients</p><ul><li>1 kg chicken wings</li><li>2 tbsp smoked paprika</li></ul>
      <p>Serve them with whatever you like.</p><ul><li>Chips</li><li>Coleslaw</li></ul></main>`;
    expect(notes(extractRecipeFromHtml(page(sentence)))).toEqual(['1 kg chicken wings', '2 tbsp smoked paprika']);
  });

  it('a same-size heading after the list (a "Details" box) ends the ingredients', () => {
    const body = `<main><h1>Oat biscuits</h1><h3>Ingredients</h3><ul><li>100 g oats</li><li>50 g butter</li></ul>
      <h3>Details</h3><ul><li>Cuisine: Scottish</li><li>Serves: 12</li></ul>
      <h3>Step-by-step</h3><ol><li>Melt the butter and stir in the oats.</li><li>Bake for 15 minutes.</li></ol></main>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['100 g oats', '50 g butter']);
    expect(steps(draft)).toEqual(['Melt the butter and stir in the oats.', 'Bake for 15 minutes.']);
  });
});

describe('lists the reader does not see, and recipes in a sidebar', () => {
  it('reads the shown list, not the copies in other units hidden behind a toggle', () => {
    const body = `<main><h1>Shortbread</h1><h3>Ingredients</h3><select><option>Metric</option><option>Imperial</option></select>
      <ul><li>200 g butter</li><li>300 g flour</li></ul><ul class="u-visuallyhidden"><li>7 oz butter</li><li>10.5 oz flour</li></ul>
      <ul style="display: none"><li>1 cup butter</li><li>2 1/2 cups flour</li></ul><ul hidden><li>2 sticks butter</li><li>2.5 cups flour</li></ul>
      <h3>Method</h3><ol><li>Rub together and bake.</li></ol></main>`;
    expect(notes(extractRecipeFromHtml(page(body)))).toEqual(['200 g butter', '300 g flour']);
  });

  it('reads a recipe that only an <aside> holds, named by the page heading', () => {
    const body = `<main><h1>Cheese toastie</h1><p>A quick lunch.</p></main>
      <aside class="sidebar"><h2>How to make a cheese toastie</h2><h2>Ingredients</h2><ul><li>2 slices bread</li><li>1 slice cheese</li></ul>
      <h2>Method</h2><ol><li>Fill the bread with the cheese.</li><li>Toast until golden.</li></ol></aside>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(draft?.name).toBe('Cheese toastie');
    expect(notes(draft)).toEqual(['2 slices bread', '1 slice cheese']);
    expect(steps(draft)).toEqual(['Fill the bread with the cheese.', 'Toast until golden.']);
  });

  it('keeps ignoring a sidebar when the main text has the recipe', () => {
    const body = `<main><h1>Pea soup</h1><h2>Ingredients</h2><ul><li>500 g peas</li><li>1 l stock</li></ul><h2>Method</h2><ol><li>Simmer and blend.</li></ol></main>
      <aside><h2>Ingredients of the week</h2><h2>Ingredients</h2><ul><li>Asparagus</li><li>Rhubarb</li></ul></aside>`;
    expect(notes(extractRecipeFromHtml(page(body)))).toEqual(['500 g peas', '1 l stock']);
  });
});

describe('a blog post that writes its headings as plain paragraphs', () => {
  it('"Ingredients:" and "Method:" paragraphs head the sections; <br> lines are the ingredients, numbered <br> lines the steps', () => {
    const body = `<main><h1>Seeded loaf</h1><p>An easy everyday bread.</p><p>Ingredients:</p>
      <p>500 g wholemeal flour<br>7 g dried yeast<br>350 ml warm water<br>2 tbsp mixed seeds</p>
      <p>Method:</p><p>1. Mix everything to a soft dough.<br><br>2. Knead for 10 minutes and leave to rise<br>until doubled.</p>
      <p>3. Shape, sprinkle with the seeds and bake for 35 minutes.</p><p>Share this on social media</p></main>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['500 g wholemeal flour', '7 g dried yeast', '350 ml warm water', '2 tbsp mixed seeds']);
    expect(steps(draft)).toEqual(['Mix everything to a soft dough.', 'Knead for 10 minutes and leave to rise until doubled.', 'Shape, sprinkle with the seeds and bake for 35 minutes.']);
  });

  it('a paragraph that is not a section name stays text, and a step paragraph without numbers is not split at its breaks', () => {
    const body = `<main><h1>Rice pudding</h1><p>Ingredients of a good pudding are patience and milk.</p><h2>Ingredients</h2><ul><li>100 g rice</li><li>1 l milk</li></ul>
      <h2>Method</h2><p>Simmer the rice in the milk<br>for 40 minutes, stirring often.</p></main>`;
    const draft = extractRecipeFromHtml(page(body));
    expect(notes(draft)).toEqual(['100 g rice', '1 l milk']);
    expect(draft?.recipeInstructions).toHaveLength(1);
  });
});

describe('group names written as lines of a flat markup list', () => {
  it('a title-cased name of a part of the dish ("Lemon Yoghurt Dressing") is the title of the lines after it', () => {
    const recipe = jsonLd({
      name: 'Grilled squid',
      recipeIngredient: ['1 kg squid', '2 tbsp olive oil', 'Pita Bread', 'Lemon Yoghurt Dressing', '100 g yoghurt', 'Juice of 1 lemon'],
      recipeInstructions: ['Grill the squid.', 'Whisk the dressing and serve.'],
    });
    const draft = extractRecipeFromHtml(page('<h1>Grilled squid</h1>', recipe));
    expect(notes(draft)).toEqual(['1 kg squid', '2 tbsp olive oil', 'Pita Bread', '100 g yoghurt', 'Juice of 1 lemon']);
    expect(titles(draft)).toEqual([null, null, null, 'Lemon Yoghurt Dressing', null]);
  });
});

