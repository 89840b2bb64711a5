//! Normalisation: map free text onto the controlled vocabulary with evidence and assertions; reprocess the library.
