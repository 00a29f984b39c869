"""Everything a user builds, on one contract (:mod:`generator.products.contract`): a module per
product (its ``Options``, ``build()``, ``decks()`` where it prints decks, its ``PRODUCT``), the
options the products share (:mod:`generator.products.options`), the table of products and
decks (:mod:`generator.products.catalog`), and the Oucédonc referee as a service
(:mod:`generator.products.referee`). The front-ends and the kit call these; render never does."""
