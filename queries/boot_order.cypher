// boot_order: the order in which a season's castaways left the game, first boot first, winner last
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(ps:PlayerSeason)
RETURN ps.boot_order AS boot_order, ps.place AS place, ps.name AS player, ps.castaway_id AS castaway_id,
       ps.result AS result, ps.exit_type AS exit_type, ps.exit_episode AS episode, ps.exit_day AS day
ORDER BY place DESC, player
