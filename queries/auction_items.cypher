// auction_items: the items sold at a season's auction (or every auction) in the order they came up, with who
// bought each, its category and price, whether it was covered, and what the buyer was offered instead of a
// covered item (and took): "the first thing sold at the Caramoan auction", "the priciest item"
MATCH (ps:PlayerSeason)-[b:BOUGHT]->(a:Auction)
WHERE ps.version = $version AND ($season IS NULL OR a.season = $season)
RETURN a.season AS season, b.item_order AS item_order, b.item AS item, b.category AS category, b.cost AS cost,
       ps.name AS player, ps.castaway_id AS castaway_id, b.covered AS covered, b.alternative_offered AS offered_instead,
       b.other_item AS other_item, b.alternative_accepted AS took_it, b.notes AS notes
ORDER BY season, item_order, player
